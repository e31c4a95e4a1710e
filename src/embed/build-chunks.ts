import { createHash } from "node:crypto";
import type { SymbolInfo, SymbolKind } from "../index/types.js";
import type { ChunkKind, DenseChunk } from "./dense-chunk.js";

/** Size limits of dense units. */
export interface ChunkOptions {
  /** A unit longer than this is split by lines. Default 120: one function screen-and-a-half. */
  readonly maxLines?: number;
  /**
   * A unit longer than this many characters is split too. Default 6,000 (about 1,500–2,000 tokens): the
   * literature's dense gains hold with units truncated at 512 tokens, and smaller units cost less to embed.
   */
  readonly maxChars?: number;
  /** Lines of the header unit at most (everything before the first symbol, capped). Default 40. */
  readonly headerLines?: number;
  /** Lines per window for code outside any symbol. Default 60. */
  readonly windowLines?: number;
  /** Runs of uncovered code with fewer non-blank lines than this are not worth a unit. Default 3. */
  readonly minWindowLines?: number;
  /** Hard cap on units per file, against pathological generated files. Default 1,000. */
  readonly maxChunks?: number;
}

/** The input of {@link buildChunks}: one file's LF-normalised text and its symbols in document order. */
export interface ChunkSource {
  readonly path: string;
  readonly text: string;
  readonly symbols: readonly SymbolInfo[];
}

/** Symbols embedded whole, with everything nested in them (a method's local helpers stay in the method). */
const UNIT_KINDS: ReadonlySet<SymbolKind> = new Set(["function", "method", "constructor", "window"]);
/** Symbols embedded as an outline: their own lines with nested units' bodies elided to their signature line. */
const CONTAINER_KINDS: ReadonlySet<SymbolKind> = new Set(["class", "interface", "enum", "struct", "trait", "module"]);

interface Piece {
  readonly kind: ChunkKind;
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly body: string[];
}

/**
 * Splits a file into dense units:
 * - a **header** (lines before the first symbol, capped: docstring, imports, module constants), always present
 *   for a non-blank file, so even a file of only small definitions can be found by its path and imports;
 * - one unit per function, method or constructor, whole;
 * - one **outline** unit per class-like symbol: its own lines, with each nested function or class reduced to its
 *   signature line plus `...`. The methods have their own units, so the class unit adds the class docstring,
 *   fields and method list without embedding the same bodies twice;
 * - windows over remaining top-level code (or the whole file when there are no symbols);
 * - any unit past `maxLines`/`maxChars` split by lines into `(part i/n)`.
 * Each unit's text starts with the file path and the unit's kind and name, but not its line numbers, so an
 * edit above a function does not change the function's hash and its embedding stays cached.
 */
export function buildChunks(source: ChunkSource, options: ChunkOptions = {}): DenseChunk[] {
  const lines = splitLines(source.text);
  if (lines.every((l) => l.trim() === "")) return [];
  const o = {
    maxLines: options.maxLines ?? 120,
    maxChars: options.maxChars ?? 6_000,
    headerLines: options.headerLines ?? 40,
    windowLines: options.windowLines ?? 60,
    minWindowLines: options.minWindowLines ?? 3,
    maxChunks: options.maxChunks ?? 1_000,
  };
  // Beside definitions, line windows only cover the code outside them, which the header and `uncoveredWindows`
  // below already embed (as they were measured); a file of windows alone is embedded window by window.
  const definitions = source.symbols.some((s) => s.kind !== "window");
  const symbols = source.symbols.filter((s) => s.startLine >= 1 && s.endLine >= s.startLine && s.startLine <= lines.length &&
    !(definitions && s.kind === "window"));
  const firstSymbol = symbols.reduce((min, s) => Math.min(min, s.startLine), lines.length + 1);
  const headerEnd = Math.min(firstSymbol - 1, o.headerLines, lines.length);
  const pieces: Piece[] = [{ kind: "header", name: source.path, startLine: 1, endLine: headerEnd, body: capChars(lines.slice(0, headerEnd), o.maxChars) }];
  const covered = new Uint8Array(lines.length + 2);
  covered.fill(1, 1, headerEnd + 1);
  for (const [i, s] of symbols.entries()) {
    if (isInsideUnit(s, symbols.slice(0, i))) continue;
    const end = Math.min(s.endLine, lines.length);
    if (UNIT_KINDS.has(s.kind)) {
      pieces.push({ kind: s.kind, name: s.qualifiedName, startLine: s.startLine, endLine: end, body: lines.slice(s.startLine - 1, end) });
    } else if (CONTAINER_KINDS.has(s.kind)) {
      const nested = symbols.filter((n) => n !== s && n.kind !== "property" && n.startLine > s.startLine && n.endLine <= end);
      pieces.push({ kind: s.kind, name: s.qualifiedName, startLine: s.startLine, endLine: end, body: outline(lines, s.startLine, end, nested) });
    } else continue; // properties stay in their class outline or in the top-level windows
    covered.fill(1, s.startLine, end + 1);
  }
  pieces.push(...uncoveredWindows(lines, covered, o.windowLines, o.minWindowLines));
  pieces.sort((a, b) => a.startLine - b.startLine || Number(a.kind !== "header") - Number(b.kind !== "header"));
  return pieces
    .flatMap((p) => splitPiece(p, o.maxLines, o.maxChars))
    .slice(0, o.maxChunks)
    .map((p, ord) => toChunk(source.path, p, ord));
}

/** The header is one unit named by the path (rename detection reads that name), so it is cut rather than split. */
function capChars(body: string[], maxChars: number): string[] {
  const out: string[] = [];
  let chars = 0;
  for (const line of body) {
    if (chars + line.length + 1 > maxChars) break;
    out.push(line);
    chars += line.length + 1;
  }
  return out;
}

function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** True when `s` lies inside an earlier function-like unit (already embedded as part of it). */
function isInsideUnit(s: SymbolInfo, earlier: readonly SymbolInfo[]): boolean {
  return earlier.some((e) => UNIT_KINDS.has(e.kind) && e.kind !== "window" && e.startLine <= s.startLine && s.endLine <= e.endLine);
}

/** The container's lines with each outermost nested symbol cut to its signature (decorators kept) and `...`. */
function outline(lines: readonly string[], start: number, end: number, nested: readonly SymbolInfo[]): string[] {
  const out: string[] = [];
  let line = start;
  const outer = nested.filter((n) => !nested.some((m) => m !== n && m.startLine <= n.startLine && n.endLine <= m.endLine && (m.startLine < n.startLine || m.endLine > n.endLine)));
  for (const n of outer) {
    if (n.startLine < line) continue;
    out.push(...lines.slice(line - 1, n.startLine - 1));
    let sig = n.startLine;
    while (sig < n.endLine && sig - n.startLine < 3 && lines[sig - 1].trim().startsWith("@")) sig++;
    out.push(...lines.slice(n.startLine - 1, sig));
    if (n.endLine > sig) out.push(`${indentOf(lines[sig - 1])}    ...`);
    line = n.endLine + 1;
  }
  out.push(...lines.slice(line - 1, end));
  return out;
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? "";
}

/** Windows over runs of lines no unit covers, skipping runs with too little code to mean anything. */
function uncoveredWindows(lines: readonly string[], covered: Uint8Array, size: number, minLines: number): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  const flush = (endExclusive: number): void => {
    for (let s = start; s < endExclusive; s += size) {
      const e = Math.min(s + size, endExclusive) - 1;
      const body = lines.slice(s - 1, e);
      if (body.filter((l) => l.trim() !== "").length >= minLines) out.push({ kind: "window", name: `lines ${s}-${e}`, startLine: s, endLine: e, body });
    }
    start = 0;
  };
  for (let n = 1; n <= lines.length + 1; n++) {
    const free = n <= lines.length && covered[n] === 0;
    if (free && start === 0) start = n;
    else if (!free && start !== 0) flush(n);
  }
  return out;
}

/** Splits a piece by lines so that each part respects both limits; a single overlong line is cut. */
function splitPiece(p: Piece, maxLines: number, maxChars: number): Piece[] {
  const body = p.body.map((l) => (l.length > maxChars ? l.slice(0, maxChars) : l));
  const parts: { start: number; body: string[] }[] = [];
  let current: string[] = [];
  let chars = 0;
  let start = p.startLine;
  body.forEach((line, i) => {
    if (current.length > 0 && (current.length >= maxLines || chars + line.length + 1 > maxChars)) {
      parts.push({ start, body: current });
      start = p.startLine + i;
      current = [];
      chars = 0;
    }
    current.push(line);
    chars += line.length + 1;
  });
  if (current.length > 0 || parts.length === 0) parts.push({ start, body: current });
  if (parts.length === 1) return [{ ...p, body }];
  return parts.map((part, i) => ({
    kind: p.kind,
    name: `${p.name} (part ${i + 1}/${parts.length})`,
    startLine: part.start,
    endLine: i + 1 < parts.length ? parts[i + 1].start - 1 : p.endLine,
    body: part.body,
  }));
}

function toChunk(path: string, p: Piece, ord: number): DenseChunk {
  const label = p.kind === "header" ? "file header" : `${p.kind} ${p.name}`;
  const text = [path, label, ...p.body].join("\n");
  return { ord, kind: p.kind, name: p.name, startLine: p.startLine, endLine: Math.max(p.startLine, p.endLine), text, hash: createHash("sha256").update(text).digest("hex") };
}
