/** One evaluation case: an issue, the repository tree it was filed against and the files its fix changed. */
export interface EvalRow {
  readonly id: string;
  /** `owner/name`; rows of one repository share an index store. */
  readonly repo: string;
  readonly baseCommit: string;
  /** The full issue text, title on the first line. */
  readonly body: string;
  readonly goldFiles: readonly string[];
  /** When the issue was filed (ISO), if the dataset says; orders a repository's rows for `eval --history`. */
  readonly createdAt?: string;
}

/**
 * Parses dataset JSONL in the format of `swebench_lite.jsonl` (`id`, `repo`, `base_commit`, `body` or `title`,
 * `gold_files`). Blank lines are skipped; a malformed line throws with its line number.
 */
export function parseDataset(jsonl: string): EvalRow[] {
  const rows: EvalRow[] = [];
  jsonl.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch (cause) {
      throw new Error(`dataset line ${i + 1}: not JSON`, { cause });
    }
    const text = (k: string): string => {
      const v = raw[k];
      if (typeof v !== "string" || v === "") throw new Error(`dataset line ${i + 1}: "${k}" must be a non-empty string`);
      return v;
    };
    const gold = raw.gold_files;
    if (!Array.isArray(gold) || !gold.every((g) => typeof g === "string")) {
      throw new Error(`dataset line ${i + 1}: "gold_files" must be an array of paths`);
    }
    const body = typeof raw.body === "string" && raw.body.trim() !== "" ? raw.body : text("title");
    const createdAt = typeof raw.created_at === "string" && raw.created_at !== "" ? { createdAt: raw.created_at } : {};
    rows.push({ id: text("id"), repo: text("repo"), baseCommit: text("base_commit"), body, goldFiles: gold as string[], ...createdAt });
  });
  return rows;
}
