import type { Node } from "web-tree-sitter";
import type { SymbolKind } from "../types.js";

/** The text of a field, e.g. `name`. */
export function fieldText(field: string): (node: Node) => string | undefined {
  return (node) => node.childForFieldName(field)?.text;
}

/** The text of the first direct child of one of `types` (grammars whose names carry no field, like Kotlin's). */
export function childOfType(...types: string[]): (node: Node) => string | undefined {
  return (node) => node.namedChildren.find((child) => child !== null && types.includes(child.type))?.text;
}

/** The text of the first node of `type` inside a field, or the field itself when it has that type. */
export function typeNameIn(field: string, type = "type_identifier"): (node: Node) => string | undefined {
  return (node) => {
    const target = node.childForFieldName(field);
    if (!target) return undefined;
    if (target.type === type) return target.text;
    return target.descendantsOfType(type)[0]?.text;
  };
}

/** The kind, but only when the node has a body (so `struct s;` and `mod m;` declarations are not symbols). */
export function withBody(kind: SymbolKind): (node: Node) => SymbolKind | undefined {
  return (node) => (node.childForFieldName("body") ? kind : undefined);
}

/** A kind picked by the node type of one field, e.g. Go's `type X struct {…}` vs `type X interface {…}`. */
export function kindByField(
  field: string, kinds: Readonly<Record<string, SymbolKind>>, requireBody = false,
): (node: Node) => SymbolKind | undefined {
  return (node) => {
    const target = node.childForFieldName(field);
    if (!target || !Object.hasOwn(kinds, target.type)) return undefined;
    if (requireBody && !target.childForFieldName("body")) return undefined;
    return kinds[target.type];
  };
}

const DECLARATOR_NAMES = new Set([
  "identifier", "field_identifier", "qualified_identifier", "destructor_name", "operator_name", "type_identifier",
]);

/** The declared name of a C/C++ function: follows `declarator` fields through pointers and parentheses. */
export function declaratorName(node: Node): string | undefined {
  let current: Node | null = node.childForFieldName("declarator");
  for (let depth = 0; current && depth < 8; depth++) {
    if (DECLARATOR_NAMES.has(current.type)) return current.text;
    current = current.childForFieldName("declarator")
      ?? current.namedChildren.find((child) => child?.type.endsWith("declarator")) ?? null;
  }
  return undefined;
}
