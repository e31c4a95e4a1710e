import { fieldText } from "./rule-helpers.js";
import type { LanguageRules } from "./rule-types.js";

/** Python: classes and (async) functions, through decorators and module-level `if`/`try` blocks. */
export const PYTHON_RULES: LanguageRules = {
  grammar: "python",
  declarations: {
    class_definition: { kind: "class", scope: true },
    function_definition: { kind: "function" },
  },
  transparent: [
    "decorated_definition", "block", "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause",
    "finally_clause", "with_statement",
  ],
  wrappers: ["decorated_definition"],
  constructors: ["__init__"],
};

/** Ruby: modules, classes (`class A::B` included), instance and singleton methods. */
export const RUBY_RULES: LanguageRules = {
  grammar: "ruby",
  declarations: {
    module: { kind: "module", scope: true },
    class: { kind: "class", scope: true },
    method: { kind: (_node, scopeKind) => (scopeKind ? "method" : "function") },
    singleton_method: { kind: "method" },
  },
  transparent: ["body_statement", "singleton_class"],
  constructors: ["initialize"],
};

/** PHP: classes, interfaces, traits, enums, functions and methods; namespaces add no scope (like Java packages). */
export const PHP_RULES: LanguageRules = {
  grammar: "php",
  declarations: {
    class_declaration: { kind: "class", scope: true },
    interface_declaration: { kind: "interface", scope: true },
    trait_declaration: { kind: "trait", scope: true },
    enum_declaration: { kind: "enum", scope: true },
    function_definition: { kind: "function" },
    method_declaration: { kind: "method", name: fieldText("name") },
  },
  transparent: ["namespace_definition", "compound_statement", "declaration_list", "enum_declaration_list"],
  constructors: ["__construct"],
};
