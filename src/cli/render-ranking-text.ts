import type { RankedFile, Ranking } from "../rank/types.js";

/** The ranking as lines for a terminal: one block per file with its evidence, then the mode and why. */
export function renderRankingText(ranking: Ranking): string[] {
  const lines: string[] = [];
  if (ranking.files.length === 0) lines.push("No file matched the issue.");
  ranking.files.forEach((file, i) => {
    lines.push(`${String(i + 1).padStart(2)}. ${file.path}  (score ${file.score.toFixed(3)})`);
    const why = describeEvidence(file);
    if (why) lines.push(`    ${why}`);
  });
  lines.push("", `mode: ${ranking.mode} (${ranking.reason}); ${Math.round(ranking.ms)} ms`);
  return lines;
}

function describeEvidence(file: RankedFile): string {
  const parts: string[] = [];
  const { symbol, mention, terms, similarity, tests } = file.evidence;
  if (mention) parts.push(`${mention.kind === "frame" ? "stack frame" : "named in the issue"}: ${mention.text}`);
  if (symbol?.kind === "window") parts.push(`lines ${symbol.startLine}-${symbol.endLine}`);
  else if (symbol) parts.push(`${symbol.kind} ${symbol.qualifiedName} (lines ${symbol.startLine}-${symbol.endLine})`);
  if (terms.length > 0) parts.push(`matched: ${terms.slice(0, 6).join(", ")}`);
  if (tests) parts.push(`its test ${tests.path} matches too`);
  if (similarity !== undefined) parts.push(`similarity ${similarity.toFixed(3)}`);
  return parts.join("; ");
}
