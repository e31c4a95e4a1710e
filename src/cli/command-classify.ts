import { readFileSync, writeFileSync } from "node:fs";
import { adaptModel } from "../issue-type/adapt-model.js";
import { classifyIssueType } from "../issue-type/classify-issue-type.js";
import { extractIssueFeatures } from "../issue-type/issue-features.js";
import { typeFromLabels } from "../issue-type/label-types.js";
import { shippedIssueTypeModel } from "../issue-type/shipped-model.js";
import { describeIssueTypeCounts } from "../issue-type/describe-issue-type.js";
import type { IssueType, IssueTypeName } from "../issue-type/types.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";

/** Options of `bugscout classify`. */
export interface ClassifyCommandOptions {
  readonly dataset?: string;
  readonly out?: string;
  /** JSONL `{title, body, label}`: the repository's own labelled issues, to adapt the classifier to. */
  readonly labelled?: string;
}

/**
 * `bugscout classify --dataset F --out R [--labelled L]`: the kind of each issue of F (JSONL `{id, title, body}`,
 * optional `labels`) as one line `{id, type, confidence, source}` of R, in F's order. With `--labelled`, the shipped
 * classifier is first adapted to those issues, as the app adapts it to a repository's own closed issues. A line that
 * is not a JSON object is reported and skipped (exit code 1); a missing title or body reads as empty.
 */
export async function runClassifyCommand(io: CliIo, options: ClassifyCommandOptions): Promise<number> {
  if (!options.dataset || !options.out) throw new CliError("classify needs --dataset <issues.jsonl> and --out <result.jsonl>.");
  let model = shippedIssueTypeModel();
  let adapted = false;
  if (options.labelled) {
    const examples: { features: ReturnType<typeof extractIssueFeatures>; label: IssueTypeName }[] = [];
    let unknown = 0;
    for (const { row } of readJsonLines(io, options.labelled)) {
      if (row === undefined) continue;
      const label = typeFromLabels([text(row.label)]);
      if (!label) unknown++;
      else examples.push({ features: extractIssueFeatures(text(row.title), text(row.body)), label });
    }
    if (unknown > 0) io.err(`bugscout: ${unknown} labelled issue(s) with a label that names no issue type were left out`);
    const kinds = new Set(examples.map((e) => e.label)).size;
    if (kinds < 2) io.err("bugscout: the labelled issues hold fewer than two types: the shipped classifier answers alone");
    model = adaptModel(model, examples);
    adapted = kinds >= 2;
  }
  const lines: string[] = [];
  const counts = new Map<IssueType["type"], number>();
  let bad = 0;
  for (const { row, line } of readJsonLines(io, options.dataset)) {
    if (row === undefined) {
      bad++;
      continue;
    }
    const labels = Array.isArray(row.labels) ? row.labels.filter((l): l is string => typeof l === "string") : [];
    const result = classifyIssueType({ title: text(row.title), body: text(row.body), labels }, { model, adapted });
    counts.set(result.type, (counts.get(result.type) ?? 0) + 1);
    const id = row.id ?? line;
    lines.push(JSON.stringify({ id, type: result.type, confidence: result.confidence, source: result.source }));
  }
  writeFileSync(options.out, lines.length > 0 ? `${lines.join("\n")}\n` : "");
  io.err(`bugscout: ${lines.length} issue(s) classified (${describeIssueTypeCounts(counts)}) → ${options.out}`);
  return bad > 0 ? 1 : 0;
}

/** The rows of a JSONL file; a line that is not a JSON object is reported on stderr and yields `row: undefined`. */
function* readJsonLines(io: CliIo, file: string): Generator<{ row: Record<string, unknown> | undefined; line: number }> {
  let content: string;
  try {
    content = readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 1, { cause: error });
  }
  const lines = content.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    let row: unknown;
    try {
      row = JSON.parse(lines[i]);
    } catch {
      row = undefined;
    }
    if (row === null || typeof row !== "object" || Array.isArray(row)) {
      io.err(`bugscout: ${file}:${i + 1}: not a JSON object; skipped`);
      yield { row: undefined, line: i + 1 };
    } else {
      yield { row: row as Record<string, unknown>, line: i + 1 };
    }
  }
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
