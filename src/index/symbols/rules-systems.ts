import { declaratorName, fieldText, kindByField, typeNameIn, withBody } from "./rule-helpers.js";
import type { DeclarationRule, LanguageRules } from "./rule-types.js";

const C_DECLARATIONS: Readonly<Record<string, DeclarationRule>> = {
  function_definition: { kind: "function", name: declaratorName },
  struct_specifier: { kind: withBody("struct"), scope: true },
  union_specifier: { kind: withBody("struct") },
  enum_specifier: { kind: withBody("enum") },
  // `typedef struct {…} name;` names the struct by its declarator.
  type_definition: {
    kind: kindByField("type", { struct_specifier: "struct", union_specifier: "struct", enum_specifier: "enum" }, true),
    name: fieldText("declarator"),
  },
};

const C_TRANSPARENT = [
  "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "linkage_specification", "declaration_list",
  "field_declaration_list",
];

/** C: functions, structs, unions, enums and typedef'd structs, through `#if` blocks and `extern "C"`. */
export const C_RULES: LanguageRules = { grammar: "c", declarations: C_DECLARATIONS, transparent: C_TRANSPARENT };

/** C++: adds classes and templates; `A::f` defined outside its class is qualified `A.f`; namespaces add no scope. */
export const CPP_RULES: LanguageRules = {
  grammar: "cpp",
  declarations: { ...C_DECLARATIONS, class_specifier: { kind: withBody("class"), scope: true } },
  transparent: [...C_TRANSPARENT, "namespace_definition", "template_declaration"],
  wrappers: ["template_declaration"],
};

/** Go: functions, methods qualified by receiver type (`Server.Serve`), structs and interfaces with their methods. */
export const GO_RULES: LanguageRules = {
  grammar: "go",
  declarations: {
    function_declaration: { kind: "function" },
    method_declaration: { kind: "method", owner: typeNameIn("receiver") },
    type_spec: { kind: kindByField("type", { struct_type: "struct", interface_type: "interface" }), scope: true },
    method_spec: { kind: "method" },
  },
  transparent: ["type_declaration", "interface_type"],
};

/** Rust: items, traits with their methods, `impl` blocks that qualify methods by type (`Point.new`), and macros. */
export const RUST_RULES: LanguageRules = {
  grammar: "rust",
  declarations: {
    function_item: { kind: "function" },
    function_signature_item: { kind: "function" },
    struct_item: { kind: "struct" },
    union_item: { kind: "struct" },
    enum_item: { kind: "enum" },
    trait_item: { kind: "trait", scope: true },
    impl_item: { kind: "class", scope: true, emit: false, name: typeNameIn("type") },
    mod_item: { kind: withBody("module"), scope: true },
    // `macro_rules! name { … }`: macros are called by name in issues (`bail!`, `select!`).
    macro_definition: { kind: "function" },
  },
  transparent: ["declaration_list"],
};
