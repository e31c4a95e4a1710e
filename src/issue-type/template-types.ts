import { normalizeLabel, DEFAULT_TYPE_LABELS } from "./label-types.js";
import type { IssueTypeName } from "./types.js";

/**
 * Headings the common issue templates and forms put in a body (GitHub's default "Bug report" and "Feature request"
 * templates, and the forms most projects copied from them), normalised as {@link normalizeHeading} does. A body
 * opened with such a template keeps them whatever the reporter wrote under them. Templates' own labels need no
 * table: GitHub adds them to the issue, and the label source reads them.
 */
const TEMPLATE_HEADINGS: Readonly<Record<string, IssueTypeName>> = {
  "describe the bug": "bug", "bug description": "bug", "steps to reproduce": "bug", "steps to reproduce the behavior": "bug",
  "to reproduce": "bug", "expected behavior": "bug", "expected behaviour": "bug", "actual behavior": "bug",
  "actual behaviour": "bug", "current behavior": "bug", "current behaviour": "bug", "reproduction": "bug",
  "minimal reproduction": "bug", "what happened": "bug", "what did you expect to happen": "bug",
  "what happens instead": "bug", "bug report": "bug", "reproducible example": "bug", "error message": "bug",
  "is your feature request related to a problem please describe": "feature",
  "is your feature request related to a problem": "feature", "describe the solution you d like": "feature",
  "describe the solution you would like": "feature", "describe alternatives you ve considered": "feature",
  "feature request": "feature", "proposed solution": "feature", "feature description": "feature", "motivation": "feature",
  "proposal": "feature", "pitch": "feature", "use case": "feature", "alternatives": "feature",
  "alternatives considered": "feature", "suggested solution": "feature", "desired behavior": "feature",
  "question": "question", "your question": "question", "what is your question": "question",
  "what are you trying to do": "question",
  "documentation link": "documentation", "url of the documentation": "documentation", "page url": "documentation",
  "location of the documentation": "documentation", "documentation": "documentation",
  "describe the problem with the documentation": "documentation", "suggested fix for documentation": "documentation",
};

/** Title tags issue forms pre-fill (`[Bug]: `, `[Feature Request] `, `Bug: `), read as a label would be. */
const TITLE_TAG = /^\s*\[([^\]\n]{1,30})\]\s*:?|^\s*([a-z][a-z -]{1,25})\s*:\s/i;

/** A heading as matched: lowercase letters and digits separated by single spaces. Pure. */
export function normalizeHeading(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

const HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*|\*\*([^*\n]{2,100})\*\*:?)\s*$/gm;

/**
 * The type the template an issue was opened with says, if any: a pre-filled title tag (`[Bug]`, `tag`), or the body's
 * headings when those of one type outnumber the others' (`strong`: two at least; one bug heading alone says nothing,
 * since "Expected behavior" ends many a wish too).
 * Reads at most the first 64 KB of the body. Pure.
 */
export function typeFromTemplate(title: string, body: string): { type: IssueTypeName; strong: boolean; tag?: true } | undefined {
  const tag = TITLE_TAG.exec(title);
  if (tag) {
    const t = DEFAULT_TYPE_LABELS[normalizeLabel(tag[1] ?? tag[2])];
    if (t) return { type: t, strong: true, tag: true };
  }
  const votes = new Map<IssueTypeName, number>();
  for (const m of body.slice(0, 65_536).matchAll(HEADING)) {
    const t = TEMPLATE_HEADINGS[normalizeHeading(m[1] ?? m[2])];
    if (t) votes.set(t, (votes.get(t) ?? 0) + 1);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[1][1] >= ranked[0][1])) return undefined;
  const [type, n] = ranked[0];
  return n >= 2 || type !== "bug" ? { type, strong: n >= 2 } : undefined;
}
