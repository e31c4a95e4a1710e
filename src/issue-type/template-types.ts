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

/** The headings of a Markdown text (`## Heading`, or a line that is one `**bold**` phrase), normalised. Pure. */
export function markdownHeadings(text: string): string[] {
  return [...text.matchAll(HEADING)].map((m) => normalizeHeading(m[1] ?? m[2]));
}

/**
 * One of the repository's own issue templates or forms (`.github/ISSUE_TEMPLATE/*`), as read by
 * src/triage/read-issue-templates.ts: the type its labels or name say, and what it leaves in an issue opened with it.
 */
export interface IssueTemplate {
  readonly type: IssueTypeName;
  /** The headings it puts in the body ({@link normalizeHeading}): a form's field labels, a Markdown template's headings. */
  readonly headings: readonly string[];
  /** The title it pre-fills (`title:`), lowercase and trimmed; absent or empty when it pre-fills none. */
  readonly titlePrefix?: string;
}

/** What {@link typeFromTemplate} answers: the type, whether the evidence is strong, and whether the title says it. */
export interface TemplateEvidence {
  readonly type: IssueTypeName;
  readonly strong: boolean;
  /** The title carries the form's pre-filled tag: the reporter chose that form. */
  readonly tag?: true;
}

/**
 * The type the template an issue was opened with says, if any: a pre-filled title tag (`[Bug]`, or the prefix one of
 * the repository's own `templates` pre-fills; `tag`), the repository's own template whose headings the body carries,
 * or the body's common template headings when those of one type outnumber the others' (`strong`: two at least; one
 * bug heading alone says nothing, since "Expected behavior" ends many a wish too).
 * Reads at most the first 64 KB of the body. Pure.
 */
export function typeFromTemplate(title: string, body: string, templates: readonly IssueTemplate[] = []): TemplateEvidence | undefined {
  const tag = TITLE_TAG.exec(title);
  if (tag) {
    const t = DEFAULT_TYPE_LABELS[normalizeLabel(tag[1] ?? tag[2])];
    if (t) return { type: t, strong: true, tag: true };
  }
  const headings = markdownHeadings(body.slice(0, 65_536));
  const own = templates.length > 0 ? ownTemplate(title, headings, templates) : undefined;
  if (own) return own;
  const votes = new Map<IssueTypeName, number>();
  for (const heading of headings) {
    const t = TEMPLATE_HEADINGS[heading];
    if (t) votes.set(t, (votes.get(t) ?? 0) + 1);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[1][1] >= ranked[0][1])) return undefined;
  const [type, n] = ranked[0];
  return n >= 2 || type !== "bug" ? { type, strong: n >= 2 } : undefined;
}

/**
 * The repository's own template the issue was opened with: the one whose pre-filled title the issue's title starts
 * with (a tag), else the one whose headings the body carries most completely — two at least and half of the
 * template's — when no template of another type matches as well. Pure.
 */
function ownTemplate(title: string, headings: readonly string[], templates: readonly IssueTemplate[]): TemplateEvidence | undefined {
  const lowerTitle = title.trim().toLowerCase();
  const tagged = new Set(templates.filter((t) => t.titlePrefix && lowerTitle.startsWith(t.titlePrefix)).map((t) => t.type));
  if (tagged.size === 1) return { type: [...tagged][0], strong: true, tag: true };
  const present = new Set(headings);
  let best: { type: IssueTypeName; share: number; tie: boolean } | undefined;
  for (const template of templates) {
    const fields = new Set(template.headings);
    const matched = [...fields].filter((h) => present.has(h)).length;
    if (matched < 2 || matched * 2 < fields.size) continue;
    const share = matched / fields.size;
    if (!best || share > best.share) best = { type: template.type, share, tie: false };
    else if (share === best.share && template.type !== best.type) best.tie = true;
  }
  return best && !best.tie ? { type: best.type, strong: true } : undefined;
}
