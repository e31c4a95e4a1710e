import type { Evidence } from "../rank/types.js";

/** "At most a handful": the matched words a reader is shown per file. */
export const MAX_READER_WORDS = 4;

/**
 * The matched words a reader is shown for a file: its most distinctive words (`Evidence.words`, rarest in the
 * repository first) without the repository's own name, which matches everywhere and says nothing (`shop`, and for
 * `scikit-learn` also `scikit`, `learn` and `scikitlearn`). At most {@link MAX_READER_WORDS}. Pure.
 */
export function readerWords(evidence: Evidence, repo: string): string[] {
  const name = repo.toLowerCase();
  const parts = name.split(/[^a-z0-9]+/).filter((p) => p !== "");
  const own = new Set([name, parts.join(""), ...parts]);
  return (evidence.words ?? []).filter((w) => !own.has(w.toLowerCase())).slice(0, MAX_READER_WORDS);
}
