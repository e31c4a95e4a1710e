import { auroc, brierScore, buildCalibrationBins, shareBelow, type Rated } from "./calibration.js";
import type { EvalReport } from "./evaluate-dataset.js";

/**
 * The confidence section of an eval report, or no lines when no row has a confidence: the calibration table
 * (confidence bins → count, mean confidence, share right at Hit@1), the Brier score, and per language the share of
 * right-first-file issues at or above `floor` (the comment's `ranking.min_confidence`) and, with negatives, the share
 * of negatives below it and the AUROC of confidence between the two. Pure.
 */
export function renderCalibration(report: Pick<EvalReport, "rows" | "negatives">, floor: number): string[] {
  const rated = report.rows.filter((r) => r.confidence !== undefined && r.error === undefined);
  if (rated.length === 0) return [];
  const toRated = (rows: typeof rated): Rated[] => rows.map((r) => ({ confidence: r.confidence!, right: r.metrics.hit[1] > 0 }));
  const all = toRated(rated);
  const lines = [
    "| confidence | n | mean confidence | Hit@1 |",
    "|---|---:|---:|---:|",
    ...buildCalibrationBins(all).map((b) =>
      `| ${b.low.toFixed(1)}–${b.high.toFixed(1)} | ${b.count} | ${fixed(b.meanConfidence)} | ${fixed(b.hit1)} |`),
    "",
    `Brier score ${fixed(brierScore(all))} over ${all.length} issues (Hit@1 ${fixed(all.filter((r) => r.right).length / all.length)}).`,
    "",
  ];
  const negatives = report.negatives ?? [];
  const withNegatives = report.negatives !== undefined;
  lines.push(
    `| language | n | Brier | right first file | right ≥ ${floor.toFixed(2)} |${withNegatives ? ` negatives | negatives < ${floor.toFixed(2)} | AUROC |` : ""}`,
    `|---|---:|---:|---:|---:|${withNegatives ? "---:|---:|---:|" : ""}`,
  );
  const languages = [...new Set(rated.map((r) => r.lang))].sort();
  for (const lang of [...languages, undefined]) {
    const group = toRated(lang === undefined ? rated : rated.filter((r) => r.lang === lang));
    const right = group.filter((r) => r.right).map((r) => r.confidence);
    const cells = [lang ?? "**all**", String(group.length), fixed(brierScore(group)), String(right.length), fixed(1 - shareBelow(right, floor))];
    if (withNegatives) {
      const neg = negatives.filter((n) => lang === undefined || n.lang === lang).map((n) => n.confidence);
      cells.push(String(neg.length), fixed(shareBelow(neg, floor)), fixed(auroc(right, neg)));
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines;
}

function fixed(x: number): string {
  return Number.isFinite(x) ? x.toFixed(3) : "–";
}
