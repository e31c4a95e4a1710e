import type { EvalRow } from "./dataset.js";

/**
 * For `eval --negatives`: the repository whose tree each repository's issues are also ranked against, where nothing
 * can be right. Deterministic: among the other repositories of another owner (another project, not a sibling
 * repository of the same one), those of the same language (the language most of its rows have) come first, and of
 * those the next by name after the repository, wrapping around. A repository with no such other has no entry. Pure.
 */
export function chooseNegativeTrees(rows: readonly EvalRow[]): Map<string, string> {
  const language = repoLanguages(rows);
  const repos = [...language.keys()].sort();
  const owner = (repo: string) => repo.split("/")[0];
  const chosen = new Map<string, string>();
  for (const [i, repo] of repos.entries()) {
    const after = [...repos.slice(i + 1), ...repos.slice(0, i)].filter((r) => owner(r) !== owner(repo));
    const target = after.find((r) => language.get(r) === language.get(repo)) ?? after[0];
    if (target !== undefined) chosen.set(repo, target);
  }
  return chosen;
}

/** Each repository's language: the one most of its rows have (ties: the first by name). */
function repoLanguages(rows: readonly EvalRow[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const byLang = counts.get(row.repo) ?? new Map<string, number>();
    counts.set(row.repo, byLang);
    byLang.set(row.lang, (byLang.get(row.lang) ?? 0) + 1);
  }
  return new Map([...counts].map(([repo, byLang]) => [
    repo,
    [...byLang].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0][0],
  ]));
}
