/** What a refused pattern is told; settings problems and command errors both show it. */
export const TOO_MANY_WILDCARDS = "too many wildcards: use `**` at most once and `*` at most once per directory level";

/**
 * Why a path pattern from the settings or a `/bugscout` command is refused, or undefined when it is safe. Pure.
 *
 * Patterns are matched by backtracking regular expressions (src/index/glob.ts) against every file of the repository.
 * Two wildcards that can match the same stretch of a path (`*a*a*b`, `**` twice, `***`) make one test take time
 * exponential in their count — `*a*a*a*a*a*a*a*a*b` against one 40-character name takes seconds — and whoever writes
 * the settings also chooses the file names. With one `**` per pattern (a pattern without `/` already matches at any
 * depth, which counts as one) and one run of `*` per segment, a test stays linear in the path's length.
 */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!/[*?]/.test(pattern)) return undefined;
  // As store-repo-index.ts's toGlobs normalizes it before compiling.
  const segments = pattern.trim().replace(/^\.?\/+/, "").replace(/\/+$/, "").split("/");
  let anyDepth = segments.length === 1 ? 1 : 0;
  for (const segment of segments) {
    const runs = segment.match(/\*+/g) ?? [];
    if (runs.length > 1 || runs.some((run) => run.length > 2)) return TOO_MANY_WILDCARDS;
    if (runs[0] === "**") anyDepth += 1;
  }
  return anyDepth > 1 ? TOO_MANY_WILDCARDS : undefined;
}
