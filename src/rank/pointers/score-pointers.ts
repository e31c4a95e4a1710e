import type { SymbolInfo } from "../../index/types.js";
import type { ContentAnalysis } from "../lexical/analyze-content.js";
import { sumSymbolWeights } from "./score-symbols.js";
import type { LexicalIndex } from "../lexical/lexical-index.js";
import { RAISED_NAME, type ParsedIssue } from "../query/parse-issue.js";
import type { FrameHit } from "./resolve-mentions.js";
import { issueCodeLineHashes } from "../query/quoted-code-lines.js";
import { framesOf, quotedHolders } from "./pointer-places.js";
import { dataAlone, linesOverlap, span } from "../lexical/symbol-ranges.js";

/** How a file's symbols are scored for the pointer: where inside the file the comment sends the reader. */
export interface PointerOptions {
  /** Added when a stack frame of the issue that resolves to this file names the symbol (`in clean`). */
  readonly frameName: number;
  /** Added to the innermost symbol holding a frame's line (the reporter's version may differ: less than the name). */
  readonly frameLine: number;
  /**
   * Added to the innermost symbol holding a line the issue cites by path or link (`src/x.js:254`, a permalink's
   * `#L254`): the reporter points at the line they suspect. Half a frame's line: a link usually targets the default
   * branch, not the reporter's version, so the line may have moved; 0.5 (as a name the issue writes) was chosen on
   * half A of the multi-language set and confirmed on half B (docs/ranking.md, "Lines the issue cites").
   */
  readonly cited: number;
  /**
   * Added to the innermost symbol holding a line of code the issue quotes word for word (whitespace aside: a pasted
   * line, a proposed patch's `-` line), divided by how many lines of the file read the same: a line found once
   * points at one place, a line repeated in every method points nowhere.
   */
  readonly quotedLines: number;
  /** Frames further from the innermost in-repo frame count this much less per step. */
  readonly frameDecay: number;
  /** Added when the issue names the symbol as code (`URLField.clean`, `run_validators()`). */
  readonly named: number;
  /**
   * The share of its score an exception, error or warning class (`…Error`, `…Exception`, `…Warning`: the names
   * `RAISED_NAME` matches) keeps when the issue names it: the issue quotes what was raised or emitted, and the code
   * to change is usually where it is raised, emitted or caught, not its definition. 1 = treated like any named
   * symbol.
   */
  readonly quotedErrors: number;
  /**
   * The share of its score a line window keeps in a file that also has definitions: the window covers code outside
   * every definition (imports, module-level statements, a macro's items), which holds the fix less often than a
   * definition with the same words. 0 = never point at such code; a file of windows alone is not affected. 0.75
   * was chosen on half A of each development set (docs/ranking.md, "Code outside every definition").
   */
  readonly gapWindows: number;
  /**
   * The share of its words a declaration of data alone keeps: a struct, enum, interface or trait with no definition
   * nested in it (a Go struct with a comment on every field, a C enum of parameters). Its lines describe state in the
   * words an issue uses about that state, while the fix is more often in the code that acts on it. 0.75, the share
   * code outside every definition keeps (`gapWindows`), not fitted again (docs/ranking.md, "Declarations of data").
   */
  readonly dataDeclarations: number;

  /** A second place in the file is shown when it scores at least this share of the first (and does not overlap it). */
  readonly second: number;
}

/** The defaults, chosen on half of each development set's repositories and confirmed on the other (docs/ranking.md). */
export const DEFAULT_POINTER_OPTIONS: PointerOptions = {
  frameName: 1,
  frameLine: 1,
  cited: 0.5,
  quotedLines: 0.5,
  frameDecay: 0.75,
  named: 0.5,
  quotedErrors: 0.5,
  gapWindows: 0.75,
  dataDeclarations: 0.75,
  second: 0.8,
};

/** Why a symbol was chosen: shown to maintainers and agents, so every item must be true. */
export interface PointerReasons {
  /** Query terms on the symbol's own lines, best first (at most five). */
  readonly terms: readonly string[];
  /** The issue's stack frame that names the symbol or whose line it holds. */
  readonly frame?: string;
  /** The path or link with a line number (`src/x.js:254`, `…#L254`) by which the issue cites a line the symbol holds. */
  readonly cited?: string;
  /** The issue names the symbol as code. */
  readonly named?: boolean;
  /** The 1-based line of the symbol that the issue quotes word for word. */
  readonly quotedLine?: number;
}

/** A scored symbol of one file. */
export interface ScoredSymbol {
  /** Index into the file's `symbols`. */
  readonly symbol: number;
  readonly score: number;
  readonly reasons: PointerReasons;
}

/** What the issue says that bears on places inside files, computed once per ranking. */
export interface PointerQuery {
  /** Query weight × IDF of each query term, without the title's emphasis. */
  readonly weightOf: ReadonlyMap<string, number>;
  /** Names the issue writes as code (identifiers, a dotted name's last segment and last pair, frame functions), with their case. */
  readonly named: ReadonlySet<string>;
  /** Per file, the frames of the issue that resolve to it, innermost first (`resolveMentions`). */
  readonly frames: ReadonlyMap<number, readonly FrameHit[]>;
  /**
   * Names the issue writes only after a qualifier (`BoundWidget.id_for_label`, never `id_for_label` alone), with their
   * `Qualifier.name` pairs: where a file defines such a pair, a same-named member of another type there is not named.
   */
  readonly qualifiedOnly?: ReadonlyMap<string, readonly string[]>;
  /** Hashes of the lines the issue could be quoting from the code (`issueCodeLineHashes`). */
  readonly quotedLines?: ReadonlySet<number>;
}

/** How many terms a pointer's reasons list. */
const REASON_TERMS = 5;

/**
 * What the issue says about places inside files: its code names (a dotted name's last segment and last pair,
 * `Class.method`; the functions its resolved frames name) and its stack frames resolved to files, innermost first
 * (`frames`: the `frameHits` of `resolveMentions`, which already matched them to files).
 */
export function buildPointerQuery(issue: ParsedIssue, weightOf: ReadonlyMap<string, number>, frames: ReadonlyMap<number, readonly FrameHit[]>): PointerQuery {
  const named = new Set<string>();
  // `PaymentGateway.refund` names the method; its head is a receiver, a package or a class that only qualifies it,
  // and counts as named only where the issue also writes it on its own.
  const heads = new Set<string>();
  const pairs = new Map<string, string[]>();
  for (const id of issue.identifiers) {
    const parts = id.split(/\.|::/);
    const last = parts[parts.length - 1];
    if (last.length >= 3) named.add(last);
    if (parts.length >= 2) {
      const pair = `${parts[parts.length - 2]}.${last}`;
      named.add(pair);
      pairs.set(last, [...(pairs.get(last) ?? []), pair]);
    }
    for (const head of parts.slice(0, -1)) heads.add(head);
  }
  for (const head of heads) if (named.has(head) && !standsAlone(issue.text, head)) named.delete(head);
  const frameNames = new Set<string>();
  for (const hits of frames.values()) for (const f of hits) if (f.symbol && f.symbol.length >= 3) frameNames.add(f.symbol);
  for (const name of frameNames) named.add(name);
  const qualifiedOnly = new Map<string, readonly string[]>();
  for (const [last, withHeads] of pairs) {
    if (!frameNames.has(last) && !standsAlone(issue.text, last)) qualifiedOnly.set(last, withHeads);
  }
  return { weightOf, named, frames, qualifiedOnly, quotedLines: issueCodeLineHashes(issue.text) };
}

/**
 * Scores every symbol of `file` for the issue, best first: the summed weight of the distinct query terms on the
 * lines it owns (its own lines, not its nested symbols'), normalised to the file's best, plus the frame and named
 * bonuses. Pure; cost is linear in the file's symbols and local terms.
 */
export function scoreFileSymbols(index: LexicalIndex, file: number, query: PointerQuery, options: PointerOptions = DEFAULT_POINTER_OPTIONS): ScoredSymbol[] {
  const { symbols } = index.files[file];
  const summed = sumSymbolWeights(index.files[file], query.weightOf);
  if (!summed) return [];
  const { analysis: a, local } = summed;

  const data = dataAlone(symbols);
  const words = symbols.map((_, i) => (data.has(i) ? summed.sums[i] * options.dataDeclarations : summed.sums[i]));
  let maxWords = 0;
  for (const w of words) if (w > maxWords) maxWords = w;

  const frameHits = framesOf(symbols, query.frames.get(file) ?? [], options);
  const gapShare = symbols.some((s) => s.kind !== "window") ? options.gapWindows : 1;
  const siblingNamed = namedSiblings(symbols, query);
  const quoted = options.quotedLines > 0 ? quotedHolders(symbols, a, query.quotedLines) : undefined;
  const out: ScoredSymbol[] = symbols.map((s, i) => {
    const named = options.named > 0 && isNamed(s, query.named) && !siblingNamed(s);
    const frame = frameHits.get(i);
    const quote = quoted?.get(i);
    const raw = (maxWords > 0 ? words[i] / maxWords : 0) + (named ? options.named : 0) + (frame?.score ?? 0) +
      (quote ? options.quotedLines * quote.share : 0);
    const score = s.kind === "window" ? raw * gapShare : named && isErrorClass(s) ? raw * options.quotedErrors : raw;
    const place = frame ? (frame.cited ? { cited: frame.text } : { frame: frame.text }) : {};
    const reasons = { terms: topTerms(a, local, i), ...place, ...(named ? { named } : {}), ...(quote ? { quotedLine: quote.line } : {}) };
    return { symbol: i, score, reasons };
  });
  // Ties go to the smaller symbol (the method over its class), then to the earlier one.
  return out.filter((x) => x.score > 0).sort((x, y) => y.score - x.score || span(symbols[x.symbol]) - span(symbols[y.symbol]) || x.symbol - y.symbol);
}

/**
 * The pointers to show for a file: its best symbol, and the next one when it scores nearly as well and does not
 * overlap the first (two places in one file that both look like the fix's).
 */
export function pickPointers(symbols: readonly SymbolInfo[], scored: readonly ScoredSymbol[], options: PointerOptions = DEFAULT_POINTER_OPTIONS): ScoredSymbol[] {
  const [best, ...rest] = scored;
  if (!best) return [];
  const first = symbols[best.symbol];
  const next = rest.find((x) => !linesOverlap(symbols[x.symbol], first));
  return next && next.score >= options.second * best.score ? [best, next] : [best];
}

/** Does `name` occur in `text` other than as the head of a dotted name (`name.x`, `name::x`)? */
function standsAlone(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text.slice(at + name.length, at + name.length + 2);
    if (/[\w.]/.test(before) || /^\w/.test(after)) continue;
    if (!after.startsWith(".") && !after.startsWith("::")) return true;
  }
  return false;
}

/**
 * Whether a member is named only through its name while the issue qualified that name with another type this file
 * defines it in: `BoundWidget.id_for_label` names `BoundWidget`'s method, not `BoundField.id_for_label` beside it.
 * A name the issue also writes alone, or a file without the qualified definition, keeps the plain reading.
 */
function namedSiblings(symbols: readonly SymbolInfo[], query: PointerQuery): (s: SymbolInfo) => boolean {
  const only = query.qualifiedOnly;
  if (!only || only.size === 0) return () => false;
  const isPair = (s: SymbolInfo) => only.get(s.name)?.some((pair) => s.qualifiedName === pair || s.qualifiedName.endsWith(`.${pair}`)) ?? false;
  const defined = new Set(symbols.filter(isPair).map((s) => s.name));
  if (defined.size === 0) return () => false;
  return (s) => defined.has(s.name) && s.qualifiedName.includes(".") && !isPair(s);
}

function isNamed(s: SymbolInfo, named: ReadonlySet<string>): boolean {
  return s.kind !== "window" && (named.has(s.name) || named.has(s.qualifiedName));
}

function isErrorClass(s: SymbolInfo): boolean {
  return (s.kind === "class" || s.kind === "struct" || s.kind === "enum") && RAISED_NAME.test(s.name);
}

function topTerms(a: ContentAnalysis, local: Float64Array, i: number): string[] {
  const set = a.symbolTerms[i];
  const found: { term: string; w: number }[] = [];
  for (let k = 0; k < set.length; k++) if (local[set[k]] > 0) found.push({ term: a.terms[set[k]], w: local[set[k]] });
  return found.sort((x, y) => y.w - x.w || (x.term < y.term ? -1 : 1)).slice(0, REASON_TERMS).map((x) => x.term);
}
