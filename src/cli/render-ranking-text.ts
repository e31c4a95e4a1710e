import type { RankedFile, Ranking, SymbolPointer } from "../rank/types.js";
import type { SymbolRanking } from "../triage/rank-issue-symbols.js";
import { renderFrame } from "../triage/render-frame.js";

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
  const { symbol, alsoSymbol, mention, terms, similarity, tests, package: pkg, titleWords } = file.evidence;
  if (mention) parts.push(mention.kind === "frame" ? `stack frame: ${renderFrame(file.path, mention)}` : `named in the issue: ${mention.text}`);
  if (symbol) parts.push(describePlace(symbol));
  if (alsoSymbol) parts.push(`also ${describePlace(alsoSymbol)}`);
  if (terms.length > 0) parts.push(`matched: ${terms.slice(0, 6).join(", ")}`);
  if (pkg) parts.push(`in package ${pkg}, named in the issue`);
  if (titleWords) parts.push(`its path holds ${titleWords.join(", ")} from the title`);
  if (tests) parts.push(`its test ${tests.path} matches too`);
  if (similarity !== undefined) parts.push(`similarity ${similarity.toFixed(3)}`);
  return parts.join("; ");
}

/** The symbol ranking as lines for a terminal: `path:start-end  kind name`, then why, best first. */
export function renderSymbolsText(ranking: SymbolRanking): string[] {
  const lines: string[] = [];
  if (ranking.symbols.length === 0) lines.push("No symbol matched the issue.");
  ranking.symbols.forEach((s, i) => {
    lines.push(`${String(i + 1).padStart(2)}. ${s.path}:${s.startLine}-${s.endLine}  ${s.kind === "window" ? "lines" : `${s.kind} ${s.qualifiedName}`}  (score ${s.score.toFixed(3)}, file #${s.fileRank})`);
    const why = [
      ...(s.evidence.frame ? [`stack frame: ${s.evidence.frame}`] : []),
      ...(s.evidence.cited ? [`cited in the issue: ${s.evidence.cited}`] : []),
      ...(s.evidence.quotedLine !== undefined ? [`the issue quotes line ${s.evidence.quotedLine}`] : []),
      ...(s.evidence.named ? ["named in the issue"] : []),
      ...(s.evidence.terms.length > 0 ? [`matched: ${s.evidence.terms.join(", ")}`] : []),
    ];
    if (why.length > 0) lines.push(`    ${why.join("; ")}`);
  });
  lines.push("", `symbols ranked lexically; ${Math.round(ranking.ms)} ms`);
  return lines;
}

/** `function convert (lines 3-9)`, or `lines 3-9` for a line window. */
export function describePlace(symbol: SymbolPointer): string {
  return symbol.kind === "window" ? `lines ${symbol.startLine}-${symbol.endLine}` : `${symbol.kind} ${symbol.qualifiedName} (lines ${symbol.startLine}-${symbol.endLine})`;
}
