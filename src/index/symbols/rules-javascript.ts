import type { Node } from "web-tree-sitter";
import type { SymbolKind } from "../types.js";
import { fieldText } from "./rule-helpers.js";
import type { DeclarationRule, LanguageRules } from "./rule-types.js";

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);

/** `const f = () => …` is a function and `const C = class {…}` a class; `const x = 1` is not a symbol. */
function kindOfValue(node: Node): SymbolKind | undefined {
  const value = node.childForFieldName("value")?.type;
  if (value === undefined) return undefined;
  if (FUNCTION_VALUES.has(value)) return "function";
  return value === "class" ? "class" : undefined;
}

/** A class field holding a function (`handle = () => {…}`) is a method. */
function fieldFunctionKind(node: Node): SymbolKind | undefined {
  return kindOfValue(node) === "function" ? "method" : undefined;
}

/** `a.b.prototype.c = function…` belongs to `a.b`; `exports.c = …` and `module.exports.c = …` to nothing. */
function assignmentOwner(node: Node): string | undefined {
  const left = node.childForFieldName("left");
  if (left?.type !== "member_expression") return undefined;
  const owner = left.childForFieldName("object")?.text.replace(/\.prototype$/, "");
  return owner === "exports" || owner === "module" || owner === "module.exports" ? undefined : owner;
}

/** The assigned name: `f = …` → `f`, `a.b.f = …` → `f`. */
function assignmentName(node: Node): string | undefined {
  const left = node.childForFieldName("left");
  if (left?.type === "identifier") return left.text;
  return left?.type === "member_expression" ? left.childForFieldName("property")?.text : undefined;
}

/** Only assignments of functions are symbols (`module.exports = …` itself is not). */
function assignmentKind(node: Node): SymbolKind | undefined {
  const right = node.childForFieldName("right")?.type;
  return right !== undefined && FUNCTION_VALUES.has(right) && node.childForFieldName("left")?.text !== "module.exports"
    ? "function" : undefined;
}

/** `module.exports = { … }` and `exports = { … }`: the object's function members are the module's functions. */
function exportedObject(node: Node): Node | undefined {
  const left = node.childForFieldName("left")?.text;
  const right = node.childForFieldName("right");
  return (left === "module.exports" || left === "exports") && right?.type === "object" ? right : undefined;
}

/** `{ parse: function () {…}, format: (v) => v }`: a property holding a function. */
function pairKind(node: Node): SymbolKind | undefined {
  return FUNCTION_VALUES.has(node.childForFieldName("value")?.type ?? "") ? "function" : undefined;
}

const JS_DECLARATIONS: Readonly<Record<string, DeclarationRule>> = {
  function_declaration: { kind: "function" },
  generator_function_declaration: { kind: "function" },
  class_declaration: { kind: "class", scope: true },
  method_definition: { kind: "method" },
  variable_declarator: { kind: kindOfValue },
  field_definition: { kind: fieldFunctionKind, name: (node) => fieldText("property")(node) ?? fieldText("name")(node) },
  assignment_expression: { kind: assignmentKind, name: assignmentName, owner: assignmentOwner, walk: exportedObject },
  // Only reached inside an exported object (see `walk` above).
  pair: { kind: pairKind, name: (node) => node.childForFieldName("key")?.text.replace(/^["']|["']$/g, "") },
};

/**
 * Besides exports and class bodies, top-level expression statements are walked for function assignments, and
 * immediately invoked function expressions (`(function () { … })()`) and bare blocks for the definitions inside.
 */
const JS_TRANSPARENT = [
  "export_statement", "lexical_declaration", "variable_declaration", "class_body", "expression_statement",
  "call_expression", "parenthesized_expression", "function_expression", "function", "arrow_function",
  "statement_block",
];

/** JavaScript (and JSX): functions, classes, methods, and functions bound to `const`/`let`/`var`. */
export const JAVASCRIPT_RULES: LanguageRules = {
  grammar: "javascript",
  declarations: JS_DECLARATIONS,
  transparent: JS_TRANSPARENT,
  wrappers: ["export_statement"],
  constructors: ["constructor"],
};

/** TypeScript adds interfaces, enums, abstract classes, signatures and namespaces. */
export const TYPESCRIPT_RULES: LanguageRules = {
  grammar: "typescript",
  declarations: {
    ...JS_DECLARATIONS,
    abstract_class_declaration: { kind: "class", scope: true },
    interface_declaration: { kind: "interface", scope: true },
    enum_declaration: { kind: "enum" },
    method_signature: { kind: "method" },
    abstract_method_signature: { kind: "method" },
    public_field_definition: { kind: fieldFunctionKind },
    internal_module: { kind: "module", scope: true },
    module: { kind: "module", scope: true, name: (node) => fieldText("name")(node)?.replace(/^["']|["']$/g, "") },
  },
  transparent: [...JS_TRANSPARENT, "interface_body", "object_type", "ambient_declaration"],
  wrappers: ["export_statement", "ambient_declaration"],
  constructors: ["constructor"],
};

/** TSX is TypeScript with JSX; same declarations, its own grammar. */
export const TSX_RULES: LanguageRules = { ...TYPESCRIPT_RULES, grammar: "tsx" };
