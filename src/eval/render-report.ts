import type { EvalReport } from "./evaluate-dataset.js";
import type { MetricSummary } from "./metrics.js";

/**
 * Renders an evaluation report as a Markdown table: one row per repository, then the overall row, with
 * Hit@1/3/5/10, MRR, MAP and NDCG to three decimals. Pure; the CLI prints it.
 */
export function renderReport(report: EvalReport): string {
  const header = "| repository | n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |";
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|";
  const line = (name: string, m: MetricSummary): string =>
    `| ${name} | ${m.count} | ${[m.hit[1], m.hit[3], m.hit[5], m.hit[10], m.mrr, m.map, m.ndcg].map((x) => x.toFixed(3)).join(" | ")} |`;
  const lines = [header, rule, ...[...report.byRepo].map(([repo, m]) => line(repo, m)), line("**all**", report.overall)];
  if (report.errors > 0) lines.push("", `${report.errors} row(s) failed and count as misses.`);
  return lines.join("\n");
}
