import type { Ranking } from "../rank/types.js";

/**
 * How sure a ranking is about its first file, from 0 to 1. Uses the ranker's own `confidence` when it provides
 * one; otherwise a heuristic over the evidence: a stack frame or path named in the issue is near-certain, a dense
 * similarity is used as is, and a lexical match counts matched terms and the lead of the first file over the rest.
 */
export function estimateConfidence(ranking: Ranking): number {
  const own = (ranking as { readonly confidence?: unknown }).confidence;
  if (typeof own === "number" && Number.isFinite(own)) return clamp(own);
  const [top, ...rest] = ranking.files;
  if (!top || !Number.isFinite(top.score) || top.score <= 0) return 0;
  if (top.evidence.mention) return 0.95;
  const others = rest.slice(0, 4).map((f) => (Number.isFinite(f.score) ? Math.max(0, f.score) : 0));
  // A lone candidate has no lead to measure: count it as half.
  const lead = others.length > 0 ? clamp((top.score - others.reduce((a, b) => a + b, 0) / others.length) / top.score) : 0.5;
  const coverage = Math.min(1, top.evidence.terms.length / 3);
  const lexical = 0.5 * coverage + 0.5 * lead;
  const similarity = top.evidence.similarity;
  return typeof similarity === "number" && Number.isFinite(similarity) ? Math.max(lexical, clamp(similarity)) : lexical;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
