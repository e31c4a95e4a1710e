import { editDistance } from "./edit-distance.js";
import type { CatalogSymbol, SymbolCatalog } from "./symbol-catalog.js";
import { parseSymbolId } from "./symbol-id.js";

/** How many ids a "did you mean" answer names by default. */
export const DEFAULT_SUGGESTIONS = 5;

/**
 * The current ids closest to a stale or unknown `id`: first the symbols of the same file, nearest name and kind
 * first (a renamed or removed method's siblings), then symbols of the same bare name elsewhere (a moved function),
 * nearest path first. Never guesses code: the caller returns these names, not their source.
 */
export function findClosestIds(id: string, catalog: SymbolCatalog, limit = DEFAULT_SUGGESTIONS): string[] {
  const parts = parseSymbolId(id);
  if (!parts) return [];
  const wanted = `${parts.qualifiedName}#${parts.kind}`;
  const sameFile = nearest(catalog.file(parts.path)?.symbols ?? [], (s) => editDistance(wanted, `${s.qualifiedName}#${s.kind}`));
  const elsewhere = nearest(catalog.named(bareName(parts.qualifiedName)).filter((s) => s.path !== parts.path),
    (s) => editDistance(parts.path, s.path));
  // A few siblings first, then the same name elsewhere, then more siblings: a moved symbol is not crowded out.
  const ordered = [...sameFile.slice(0, SIBLINGS_FIRST), ...elsewhere, ...sameFile.slice(SIBLINGS_FIRST)];
  const out: string[] = [];
  for (const s of ordered) {
    if (out.length >= limit) break;
    if (s.id !== id && !out.includes(s.id)) out.push(s.id);
  }
  return out;
}

/** How many same-file ids come before the same name elsewhere. */
const SIBLINGS_FIRST = 3;

/** `Foo.bar` → `bar`, `ns::Foo::bar` → `bar`. */
function bareName(qualifiedName: string): string {
  const dot = qualifiedName.lastIndexOf(".");
  const colons = qualifiedName.lastIndexOf("::");
  return qualifiedName.slice(Math.max(dot + 1, colons >= 0 ? colons + 2 : 0));
}

function nearest(symbols: readonly CatalogSymbol[], distance: (s: CatalogSymbol) => number): CatalogSymbol[] {
  return symbols
    .map((s, order) => ({ s, d: distance(s), order }))
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .map((x) => x.s);
}
