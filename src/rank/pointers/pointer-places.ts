/**
 * The places inside a file that the issue gives by line: its stack frames and cited lines (`framesOf`) and the lines
 * of code it quotes (`quotedHolders`), each turned into a bonus for the symbol that holds it. Pure; the pointer's
 * scoring (`score-pointers.ts`) adds them to the words.
 */
import type { SymbolInfo } from "../../index/types.js";
import type { ContentAnalysis } from "../lexical/analyze-content.js";
import type { FrameHit } from "./resolve-mentions.js";
import { innermostHolding } from "../lexical/symbol-ranges.js";

/** The weights of the places an issue gives by line (the same fields of `PointerOptions`, `score-pointers.ts`). */
export interface FrameWeights {
  readonly frameName: number;
  readonly frameLine: number;
  readonly cited: number;
  readonly frameDecay: number;
}

/** A frame's bonus for one symbol, with the frame's text for the reasons; `cited` for a line the issue cites. */
export interface FrameBonus {
  readonly score: number;
  readonly text: string;
  readonly cited: boolean;
}

/**
 * Frame bonuses per symbol: a frame whose line lies in a definition of its name gives that one definition name and
 * line together; otherwise every definition of its name gets the name's bonus and the innermost symbol holding its
 * line the line's. Per symbol the best frame counts.
 */
export function framesOf(
  symbols: readonly SymbolInfo[],
  frames: readonly FrameHit[],
  options: FrameWeights,
): Map<number, FrameBonus> {
  const hits = new Map<number, FrameBonus>();
  const give = (i: number, score: number, f: FrameHit): void => {
    if (score > (hits.get(i)?.score ?? 0)) hits.set(i, { score, text: f.text, cited: f.cited === true });
  };
  for (const f of frames) {
    const decay = options.frameDecay ** f.depth;
    const weight = f.cited ? options.cited : options.frameLine;
    const holder = f.line !== undefined && weight > 0 ? innermostHolding(symbols, f.line) : -1;
    // A frame whose line lands in a definition of its own name is pinned there: name and line agree, so the
    // reporter's version matches this one at that place, and other definitions of that name (the `clean` of every
    // form field in one file) are not what the frame ran.
    if (holder >= 0 && f.symbol && symbols[holder].name === f.symbol && symbols[holder].kind !== "window") {
      give(holder, (options.frameName + weight) * decay, f);
      continue;
    }
    const byName = f.symbol ? symbols.flatMap((s, i) => (s.name === f.symbol && s.kind !== "window" ? [i] : [])) : [];
    for (const i of byName) give(i, options.frameName * decay, f);
    if (holder >= 0) give(holder, weight * decay, f);
  }
  return hits;
}

/**
 * Per symbol holding a line the issue quotes (the innermost one holding it), that line and its share: 1 over the
 * number of the file's lines that read the same, the best of the symbol's quoted lines.
 */
export function quotedHolders(symbols: readonly SymbolInfo[], a: ContentAnalysis, quoted: ReadonlySet<number> | undefined): Map<number, { line: number; share: number }> {
  const out = new Map<number, { line: number; share: number }>();
  if (!quoted || quoted.size === 0) return out;
  const found = new Map<number, number[]>();
  for (let k = 0; k < a.codeLineHashes.length; k++) {
    const h = a.codeLineHashes[k];
    if (!quoted.has(h)) continue;
    // Pushed, not copied: a generated file may repeat one quoted line thousands of times.
    const lines = found.get(h);
    if (lines) lines.push(a.codeLineNumbers[k]);
    else found.set(h, [a.codeLineNumbers[k]]);
  }
  for (const lines of found.values()) {
    const share = 1 / lines.length;
    for (const line of lines) {
      const holder = innermostHolding(symbols, line);
      if (holder >= 0 && share > (out.get(holder)?.share ?? 0)) out.set(holder, { line, share });
    }
  }
  return out;
}
