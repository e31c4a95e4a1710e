import type { Node } from "web-tree-sitter";
import { childOfType } from "./rule-helpers.js";
import type { LanguageRules } from "./rule-types.js";

/** Java: types nest as `Outer.Inner.method`; the package is not part of the qualified name. */
export const JAVA_RULES: LanguageRules = {
  grammar: "java",
  declarations: {
    class_declaration: { kind: "class", scope: true },
    interface_declaration: { kind: "interface", scope: true },
    enum_declaration: { kind: "enum", scope: true },
    record_declaration: { kind: "class", scope: true },
    annotation_type_declaration: { kind: "interface", scope: true },
    method_declaration: { kind: "method" },
    constructor_declaration: { kind: "constructor" },
    // A record's compact constructor `Range { … }` and an annotation's elements `String value() default ""`.
    compact_constructor_declaration: { kind: "constructor" },
    annotation_type_element_declaration: { kind: "method" },
  },
  transparent: ["class_body", "interface_body", "enum_body", "enum_body_declarations", "annotation_type_body"],
};

/** Kotlin's grammar (fwcd) uses one `class_declaration` for classes, interfaces and enum classes. */
function kotlinClassKind(node: Node): "class" | "interface" | "enum" {
  if (node.children.some((child) => child?.type === "interface")) return "interface";
  if (node.namedChildren.some((child) => child?.type === "enum_class_body")) return "enum";
  return "class";
}

/** Kotlin: classes, objects, interfaces, enum classes and functions; companion members belong to their class. */
export const KOTLIN_RULES: LanguageRules = {
  grammar: "kotlin",
  declarations: {
    class_declaration: { kind: kotlinClassKind, scope: true, name: childOfType("type_identifier") },
    object_declaration: { kind: "class", scope: true, name: childOfType("type_identifier") },
    function_declaration: { kind: "function", name: childOfType("simple_identifier") },
  },
  transparent: ["class_body", "enum_class_body", "companion_object"],
};

/** C#: namespaces add no scope (like Java packages); properties are symbols too. */
export const CSHARP_RULES: LanguageRules = {
  grammar: "c_sharp",
  declarations: {
    class_declaration: { kind: "class", scope: true },
    struct_declaration: { kind: "struct", scope: true },
    record_declaration: { kind: "class", scope: true },
    record_struct_declaration: { kind: "struct", scope: true },
    interface_declaration: { kind: "interface", scope: true },
    enum_declaration: { kind: "enum" },
    method_declaration: { kind: "method" },
    constructor_declaration: { kind: "constructor" },
    property_declaration: { kind: "property" },
  },
  transparent: ["namespace_declaration", "file_scoped_namespace_declaration", "declaration_list"],
};
