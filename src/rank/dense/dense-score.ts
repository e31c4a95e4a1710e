import type { Evidence, RankedFile } from "../types.js";
import type { DenseIndex, DenseUnitRef } from "./dense-index.js";
import { quantizeQuery } from "./dense-vector-codec.js";

/** Options of {@link scoreDense}. */
export interface DenseScoreOptions {
  /** Files returned, best first. Default 200: deep enough for fusion with the lexical list. */
  readonly limit?: number;
}

/**
 * Ranks files by the similarity of `query` to their cached units: one exact pass over the whole int8 matrix
 * (cosine similarity up to quantisation), then the best unit per file (a file scores its best unit, as in the
 * literature's symbol-level retrieval). Pure; `query` needs no normalisation.
 * Every file carries its best unit's symbol and line range and the similarity as evidence.
 */
export function scoreDense(index: DenseIndex, query: Float32Array, options: DenseScoreOptions = {}): RankedFile[] {
  const rows = index.units.length;
  if (rows === 0 || query.length !== index.kernel.dims) return [];
  const q = quantizeQuery(query);
  const dots = index.kernel.dots(q.codes);
  const nFiles = index.files.length;
  const best = new Float32Array(nFiles).fill(-Infinity);
  const bestRow = new Int32Array(nFiles).fill(-1);
  for (let r = 0; r < rows; r++) {
    const sim = dots[r] * index.scales[r] * q.scale;
    const f = index.rowFile[r];
    if (sim > best[f]) {
      best[f] = sim;
      bestRow[f] = r;
    }
  }
  const scored: { file: number; score: number }[] = [];
  for (let f = 0; f < nFiles; f++) if (bestRow[f] >= 0) scored.push({ file: f, score: best[f] });
  scored.sort((a, b) => b.score - a.score || (index.files[a.file] < index.files[b.file] ? -1 : 1));
  return scored.slice(0, options.limit ?? 200).map(({ file, score }) => ({
    path: index.files[file],
    score,
    evidence: unitEvidence(index.units[bestRow[file]], best[file]),
  }));
}

function unitEvidence(unit: DenseUnitRef, similarity: number): Evidence {
  const rounded = Math.round(similarity * 10_000) / 10_000;
  const { startLine, endLine } = unit;
  const symbol =
    unit.kind === "header"
      ? { name: "header", qualifiedName: "file header", kind: "module" as const, startLine, endLine }
      : { name: unit.name.split(".").at(-1) ?? unit.name, qualifiedName: unit.name, kind: unit.kind, startLine, endLine };
  return { terms: [], symbol, similarity: rounded };
}
