import type { SymbolInfo } from "../index/types.js";

/** The parts of a symbol id: `path::Qualified.name#kind`, `@N` appended for the N-th repeat (N ≥ 2) in one file. */
export interface SymbolIdParts {
  readonly path: string;
  readonly qualifiedName: string;
  readonly kind: string;
  /** 1 for the first (unsuffixed) symbol of this name and kind in the file. */
  readonly ordinal: number;
}

/** Formats one id; the ordinal suffix appears only from the second repeat on, so most ids read as plain names. */
export function formatSymbolId(parts: SymbolIdParts): string {
  const base = `${parts.path}::${parts.qualifiedName}#${parts.kind}`;
  return parts.ordinal > 1 ? `${base}@${parts.ordinal}` : base;
}

/**
 * The ids of a file's symbols, aligned with `symbols` (in file order): a name and kind that repeat (an overload, a
 * redefinition, two `if` branches defining `f`) are numbered in the order they appear, so an id stays the same when
 * lines are inserted above a symbol and changes only when a same-named sibling is added before it.
 */
export function assignSymbolIds(path: string, symbols: readonly Pick<SymbolInfo, "qualifiedName" | "kind">[]): string[] {
  const seen = new Map<string, number>();
  return symbols.map((s) => {
    const key = `${s.qualifiedName}#${s.kind}`;
    const ordinal = (seen.get(key) ?? 0) + 1;
    seen.set(key, ordinal);
    return formatSymbolId({ path, qualifiedName: s.qualifiedName, kind: s.kind, ordinal });
  });
}

/** The id's parts, or undefined when it is not of the form `path::name#kind[@N]`. */
export function parseSymbolId(id: string): SymbolIdParts | undefined {
  // The path ends at the first `::` (C++ and Rust names contain `::` themselves; repository paths do not).
  const sep = id.indexOf("::");
  if (sep <= 0) return undefined;
  const rest = id.slice(sep + 2);
  const match = /^(.+)#([a-z]+)(?:@([0-9]+))?$/.exec(rest);
  if (!match) return undefined;
  const ordinal = match[3] === undefined ? 1 : Number(match[3]);
  if (!Number.isSafeInteger(ordinal) || ordinal < 1) return undefined;
  return { path: id.slice(0, sep), qualifiedName: match[1], kind: match[2], ordinal };
}
