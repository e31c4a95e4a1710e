import type { RowResult } from "./evaluate-dataset.js";

/** What BugScout would post by itself over a set of rows (the default settings' decision, `decideComment`). */
export interface DecisionSummary {
  /** Rows with a decision. */
  readonly count: number;
  /** Share of them BugScout comments on by itself. */
  readonly commented: number;
  /** Of the commented rows, the share whose first file is a gold file. */
  readonly firstRight: number;
  /** Of the commented rows, the share with a gold file among the files the comment lists. */
  readonly goldShown: number;
}

/** The decision figures per language (sorted) and overall; rows without a decision are left out. Pure. */
export function summarizeDecisions(rows: readonly RowResult[]): { readonly byLanguage: Map<string, DecisionSummary>; readonly overall: DecisionSummary } {
  const decided = rows.filter((r) => r.comment !== undefined && r.error === undefined);
  const summarize = (group: readonly RowResult[]): DecisionSummary => {
    const commented = group.filter((r) => r.comment);
    const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
    return {
      count: group.length,
      commented: share(commented.length, group.length),
      firstRight: share(commented.filter((r) => r.metrics.hit[1] > 0).length, commented.length),
      goldShown: share(commented.filter((r) => (r.shown?.goldShown ?? 0) > 0).length, commented.length),
    };
  };
  const languages = [...new Set(decided.map((r) => r.lang))].sort();
  return { byLanguage: new Map(languages.map((l) => [l, summarize(decided.filter((r) => r.lang === l))])), overall: summarize(decided) };
}

/** The decision table of an eval report: per language, the share commented by default and how often it is right then. */
export function renderDecisionTable(rows: readonly RowResult[]): string[] {
  const { byLanguage, overall } = summarizeDecisions(rows);
  if (overall.count === 0) return [];
  const line = (name: string, s: DecisionSummary) =>
    `| ${name} | ${s.count} | ${s.commented.toFixed(3)} | ${s.firstRight.toFixed(3)} | ${s.goldShown.toFixed(3)} |`;
  return [
    "| language | n | commented by default | first file right (commented) | gold among shown (commented) |",
    "|---|---:|---:|---:|---:|",
    ...[...byLanguage].map(([name, s]) => line(name, s)),
    line("**all**", overall),
  ];
}
