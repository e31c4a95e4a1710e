import type { HistoryScore } from "./score-history.js";
import type { RankedFile } from "../types.js";

/** Options of {@link fuseHistory}. */
export interface HistoryFusionOptions {
  /**
   * Share of the final score that comes from similar past fixes, 0..1; the rest is the ranking's own score, each
   * normalised by its maximum. BugLocator uses 0.2–0.3. 0 leaves the ranking as it is.
   */
  readonly weight: number;
  /** Only files this accepts can be added (in the current tree, inside the path filters). */
  readonly allow: (path: string) => boolean;
}

/**
 * Fuses a ranking with history scores: `(1 − w)·s/max s + w·h/max h`. Files only the history knows are added when
 * `allow` accepts them. A file whose score the history raised carries the past issue as evidence. Guards empty
 * lists and zero maxima; returns the ranking unchanged when the weight is 0 or there is no history. Pure.
 */
export function fuseHistory(files: readonly RankedFile[], history: readonly HistoryScore[], options: HistoryFusionOptions): RankedFile[] {
  const w = Math.min(1, Math.max(0, options.weight));
  if (w === 0 || history.length === 0) return [...files];
  const maxScore = Math.max(0, ...files.map((f) => (Number.isFinite(f.score) ? f.score : 0)));
  const maxHistory = history[0].score > 0 ? history[0].score : 0;
  if (maxHistory === 0) return [...files];
  const byPath = new Map(history.map((h) => [h.path, h]));
  const fused: RankedFile[] = files.map((file) => {
    const own = maxScore > 0 && Number.isFinite(file.score) ? file.score / maxScore : 0;
    const h = byPath.get(file.path);
    byPath.delete(file.path);
    const score = (1 - w) * own + (h ? (w * h.score) / maxHistory : 0);
    return h ? { ...file, score, evidence: { ...file.evidence, history: { issue: h.issueNumber } } } : { ...file, score };
  });
  for (const h of byPath.values()) {
    if (!options.allow(h.path)) continue;
    fused.push({ path: h.path, score: (w * h.score) / maxHistory, evidence: { terms: [], history: { issue: h.issueNumber } } });
  }
  return fused.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
}
