import type { EvalReport } from "./evaluate-dataset.js";
import type { MetricSummary } from "./metrics.js";

const COLUMNS = "| n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |";
const RULE = "|---|---:|---:|---:|---:|---:|---:|---:|---:|";

/**
 * Renders an evaluation report as two Markdown tables, one row per language then one per repository, each closed
 * by the overall row, with Hit@1/3/5/10, MRR, MAP and NDCG to three decimals. Pure; the CLI prints it.
 */
export function renderReport(report: EvalReport): string {
  const lines = [
    ...renderTable("language", report.byLanguage, report.overall), "",
    ...renderTable("repository", report.byRepo, report.overall),
  ];
  if (report.errors > 0) lines.push("", `${report.errors} row(s) failed and count as misses.`);
  return lines.join("\n");
}

/** One Markdown table: a row per group, then the overall row in bold. */
export function renderTable(title: string, groups: ReadonlyMap<string, MetricSummary>, overall: MetricSummary): string[] {
  return [`| ${title} ${COLUMNS}`, RULE, ...[...groups].map(([name, m]) => renderLine(name, m)), renderLine("**all**", overall)];
}

function renderLine(name: string, m: MetricSummary): string {
  return `| ${name} | ${m.count} | ${[m.hit[1], m.hit[3], m.hit[5], m.hit[10], m.mrr, m.map, m.ndcg].map((x) => x.toFixed(3)).join(" | ")} |`;
}
