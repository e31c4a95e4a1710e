import { DEFAULT_TYPE_LABELS, normalizeLabel } from "./label-types.js";
import { normalizeHeading } from "./template-types.js";
import type { IssueTypeName } from "./types.js";

/**
 * Fields that ask the reporter for the kind of issue, normalised as {@link normalizeHeading} does: an issue form's
 * dropdown ("Issue type" → "Bug" / "Support" / "Feature Request"), which GitHub writes as `### Issue type` and the
 * chosen option under it, or a `Type: Bug` line (VS Code's built-in issue reporter writes `Type: <b>Bug</b>`).
 */
const KIND_FIELD = /^(?:(?:what|which) )?(?:issue|report|request|ticket)? ?(?:type|kind|category)(?: of (?:the )?(?:issue|report|request|ticket|change))?(?: (?:is this|are you (?:reporting|filing|opening|submitting)))?$/;

/** Another form's field could start right after: a heading ends the answer to the one before. */
const HEADING_LINE = /^\s{0,3}(?:#{1,6}\s|\*\*[^*\n]+\*\*:?\s*$)/;

/** `### Issue type` or `**Type of issue**` alone on its line. */
const FIELD_HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*|\*\*([^*\n]{2,60})\*\*:?)\s*$/;

/** `Type: Bug`, `**Issue type**: Feature request`, `- Kind: <b>Bug</b>` on one line. */
const FIELD_LINE = /^\s{0,3}(?:[-*]\s+)?(?:\*\*)?([A-Za-z][A-Za-z ?]{1,40}?)(?:\*\*)?\s*:\s*(?:\*\*)?(.{1,60}?)(?:\*\*)?\s*$/;

/** Prow's `/kind bug` command on a line of its own (Kubernetes-style repositories' templates ask for it). */
const KIND_COMMAND = /^\/kind\s+([a-z][a-z-]{1,30})\s*$/i;

/** A checkbox list's ticked option (`- [x] Bug report`), for forms that ask the kind with checkboxes. */
const TICKED = /^\s*[-*]\s+\[[xX]\]\s+(.+)$/;

/** Form answers that mean nothing was chosen. */
const NO_ANSWER = /^_?no response_?$/i;

/**
 * The kind the reporter declared in the body, if any: the answer to a form field that asks for it (`### Issue type`
 * then `Bug`; a ticked checkbox under such a heading), a `Type: …` line near the top, or Prow's `/kind …` lines. The
 * answer is read as a label would be (`Support` is a question, `Feature Request` a feature, `Documentation Bug`
 * documentation); an answer that names no type (`Build/Install`, `Others`), or declarations of two different types,
 * say nothing. Reads at most the first 64 KB. Pure.
 */
export function typeDeclaredInBody(body: string): IssueTypeName | undefined {
  const lines = body.slice(0, 65_536).split(/\r?\n/);
  const found = new Set<IssueTypeName>();
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    // A fenced block is code or a log the reporter pasted ("type: bug" in a labeller's config), not a declaration.
    if (/^\s{0,3}(?:```|~~~)/.test(lines[i])) fenced = !fenced;
    if (fenced) continue;
    const line = stripHtml(lines[i]);
    const heading = FIELD_HEADING.exec(line);
    if (heading && KIND_FIELD.test(normalizeHeading(heading[1] ?? heading[2]))) {
      for (const answer of answersBelow(lines, i + 1)) addType(found, answer);
      continue;
    }
    const command = KIND_COMMAND.exec(line.trim());
    if (command) {
      addType(found, command[1]);
      continue;
    }
    // A one-line field only near the top, where reporters' tools and templates put it: further down, "Type: string"
    // is more likely a schema or a log than a declaration.
    const field = i < 40 ? FIELD_LINE.exec(line) : null;
    if (field && KIND_FIELD.test(normalizeHeading(field[1]))) addType(found, field[2]);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** The type an answer names: a label's name (`Bug`, `Support`), else documentation when it speaks of the docs. Pure. */
export function typeOfAnswer(answer: string): IssueTypeName | undefined {
  const text = answer.trim();
  if (text === "" || NO_ANSWER.test(text)) return undefined;
  const name = normalizeLabel(text);
  const direct = DEFAULT_TYPE_LABELS[name];
  if (direct) return direct;
  // "Documentation Feature Request", "Docs issue": about the documentation whatever else it says.
  if (/\b(documentation|docs)\b/.test(name)) return "documentation";
  // "Bug Report (crash)", "🐛 Bug: something is broken": the words before a separator.
  const head = normalizeLabel(text.split(/[:(\-–—|]/)[0] ?? "");
  return head !== name ? DEFAULT_TYPE_LABELS[head] : undefined;
}

function addType(found: Set<IssueTypeName>, answer: string): void {
  const type = typeOfAnswer(answer);
  if (type) found.add(type);
}

/**
 * The answer under a field's heading: its ticked checkboxes when it has any, else its first non-empty line; stops at
 * the next heading and looks no further than a few lines.
 */
function answersBelow(lines: readonly string[], from: number): string[] {
  const ticked: string[] = [];
  let first: string | undefined;
  for (let j = from; j < Math.min(lines.length, from + 12); j++) {
    const line = stripHtml(lines[j]);
    if (HEADING_LINE.test(line)) break;
    const tick = TICKED.exec(line);
    if (tick) ticked.push(tick[1]);
    else if (first === undefined && line.trim() !== "" && !/^\s*[-*]\s+\[ \]/.test(line)) first = line;
  }
  return ticked.length > 0 ? ticked : first !== undefined ? [first] : [];
}

function stripHtml(line: string): string {
  return line.replace(/<\/?(?:b|strong|em|i|code|p|br|details|summary)\s*\/?>/gi, " ");
}
