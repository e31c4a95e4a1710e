import type { Node } from "web-tree-sitter";
import type { SymbolKind } from "../types.js";
import type { LanguageRules } from "./rule-types.js";

/** Swift's one declaration node for `class`, `struct`, `enum`, `actor` and `extension`: the keyword says which. */
function swiftTypeKind(node: Node): SymbolKind | undefined {
  for (const child of node.children) {
    switch (child?.type) {
      case "struct": return "struct";
      case "enum": return "enum";
      case "class": case "actor": case "extension": return "class";
    }
  }
  return undefined;
}

/**
 * Swift: classes, structs, enums, actors and extensions (an extension is named by the type it extends, so its methods
 * qualify like the type's own), protocols, functions, methods and initializers.
 */
export const SWIFT_RULES: LanguageRules = {
  grammar: "swift",
  declarations: {
    class_declaration: { kind: swiftTypeKind, scope: true },
    protocol_declaration: { kind: "interface", scope: true },
    function_declaration: { kind: "function" },
    protocol_function_declaration: { kind: "method" },
    init_declaration: { kind: "constructor" },
  },
  transparent: ["class_body", "enum_class_body", "protocol_body"],
  constructors: ["init"],
};

/** Scala: classes, traits, objects, and `def`s (abstract ones included); auxiliary constructors are `def this`. */
export const SCALA_RULES: LanguageRules = {
  grammar: "scala",
  declarations: {
    class_definition: { kind: "class", scope: true },
    trait_definition: { kind: "trait", scope: true },
    object_definition: { kind: "class", scope: true },
    function_definition: { kind: "function" },
    function_declaration: { kind: "function" },
  },
  transparent: ["template_body"],
  constructors: ["this"],
};
