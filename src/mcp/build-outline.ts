import type { CatalogSymbol } from "./symbol-catalog.js";

/** One symbol of a file outline, with the symbols inside its line range. */
export interface OutlineNode {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly children?: readonly OutlineNode[];
}

/**
 * Nests a file's symbols by line containment: a symbol is the child of the innermost one whose range holds it
 * (the extractors' qualified names agree for classes and methods, but containment also places a function
 * declared inside a function, and works the same for every language). Siblings are in line order.
 */
export function buildOutline(symbols: readonly CatalogSymbol[]): OutlineNode[] {
  type Mutable = { node: Omit<OutlineNode, "children">; children: Mutable[]; end: number };
  const sorted = [...symbols].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const roots: Mutable[] = [];
  const stack: Mutable[] = [];
  for (const s of sorted) {
    const item: Mutable = {
      node: { id: s.id, kind: s.kind, name: s.name, start_line: s.startLine, end_line: s.endLine },
      children: [], end: s.endLine,
    };
    while (stack.length > 0 && !(s.startLine >= stack[stack.length - 1].node.start_line && s.endLine <= stack[stack.length - 1].end)) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1].children : roots).push(item);
    stack.push(item);
  }
  const freeze = (m: Mutable): OutlineNode => (m.children.length > 0 ? { ...m.node, children: m.children.map(freeze) } : m.node);
  return roots.map(freeze);
}
