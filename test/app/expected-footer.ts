/**
 * The lines that end every BugScout comment, as tests expect them byte for byte: the reader's line, then the
 * maintainers' details folded in `<details>` (the details line, then any settings problems).
 */
export function expectedFooter(details: string, problems: readonly string[] = []): string[] {
  return [
    "<sub>Suggested automatically from the code. 👍 / 👎 are counted in `/bugscout stats`; they change no ranking.</sub>",
    "",
    "<details>",
    "<summary>Details for maintainers</summary>",
    "",
    details,
    "",
    ...(problems.length > 0 ? [...problems, ""] : []),
    "</details>",
    "",
  ];
}
