import type { RankedFile, Ranking, SymbolPointer } from "../rank/types.js";
import { buildFileLink, type FileLinkTarget } from "./build-file-link.js";
import type { CommentDecision } from "./decide-comment.js";
import type { IssueType } from "../issue-type/types.js";
import { escapeMarkdown, inlineCode } from "./escape-markdown.js";
import { readerWords } from "./reader-words.js";
import { renderFrame } from "./render-frame.js";
import type { Settings } from "./settings-schema.js";
import { shownFiles } from "./shown-files.js";

/** Hidden first line that identifies the one BugScout comment on an issue. */
export const COMMENT_MARKER = "<!-- bugscout -->";

/** GitHub refuses issue comment bodies longer than this. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** Everything the comment shows; all text from the issue or the repository is escaped here. */
export interface CommentInput {
  readonly link: FileLinkTarget;
  readonly ranking: Ranking;
  /** The ranking's confidence, 0 to 1 (`Ranking.confidence`). */
  readonly confidence: number;
  readonly settings: Settings;
  /** Markdown lines shown right after the file list (the owners), already escaped. */
  readonly afterList?: readonly string[];
  /** Short notes written by BugScout itself, e.g. that the index is partial. */
  readonly notes: readonly string[];
  /** True for a `/bugscout` command: a person asked, so the answer is never silent. */
  readonly requested: boolean;
  /**
   * Whether BugScout answers by itself (`decideComment`), with the issue's type it read; absent: the confidence floor
   * alone decides. An issue of a type the repository does not answer gets the brief note only where a stale list
   * must be replaced (an edit).
   */
  readonly decision?: CommentDecision;
  readonly issueType?: IssueType;
  /** Size limit, GitHub's by default. */
  readonly limit?: number;
}

const MAX_TERMS = 5;

/** The one line for readers under a file list: what this is, and that their reaction counts (`/bugscout stats`). */
export const READER_LINE = "<sub>Suggested automatically from the code. 👍 / 👎 are counted in `/bugscout stats`; they change no ranking.</sub>";

/**
 * How to ask again, addressed to the people `commands.allow` lets ask (a reporter under the default `collaborators`
 * could not); nothing when commands are off.
 */
function retryHint(settings: Settings): string {
  if (!settings.commands.enabled) return "";
  const who = settings.commands.allow === "author" ? "Maintainers or the issue's author" : "Maintainers";
  return ` ${who}: comment \`/bugscout\` with a file name, a symbol or a stack trace to try again.`;
}

/**
 * Renders the BugScout comment, or undefined when the settings say to stay silent: the files worth reading
 * (`shownFiles`), one line for readers, the operator's details folded. Pure and deterministic: the same input gives
 * the same body, so an unchanged ranking posts nothing.
 */
export function renderComment(input: CommentInput): string | undefined {
  const { settings, ranking, confidence } = input;
  const aboveFloor = ranking.files.length > 0 && confidence >= settings.ranking.min_confidence;
  const confident = input.decision ? input.decision.comment : aboveFloor;
  if (!confident && !input.requested && settings.comment.below_confidence === "silent") return undefined;

  const head = [COMMENT_MARKER, ...optional(settings.comment.header.trim())];
  const tail = (reader: boolean) => [
    ...input.notes.map((note) => `_${escapeMarkdown(note, 500)}_`),
    ...optional(settings.comment.footer.trim()),
    ...(reader ? [READER_LINE] : []),
    ...renderDetails(input, aboveFloor),
  ];
  if (ranking.files.length === 0) {
    return join([...head, `BugScout found too little in this issue to point at files.${retryHint(settings)}`, ...tail(false)]);
  }
  if (!confident && !input.requested) {
    const why = input.decision?.gate === "type" ? "BugScout points at files by itself only for the kinds of issue this repository set (`trigger.types`)." : "BugScout is not confident about any file for this issue.";
    return join([...head, `${why}${retryHint(settings)}`, ...tail(false)]);
  }
  const files = shownFiles(ranking.files, settings.ranking.min_relative_score, ranking.files.length);
  const lines = files.map((file, i) => `${i + 1}. ${renderFile(input, file)}`);
  return fitToLimit(input, head, lines, tail(true));
}

function renderFile(input: CommentInput, file: RankedFile): string {
  const { comment } = input.settings;
  const evidence = file.evidence;
  const why: string[] = [];
  if (comment.show_symbols && evidence.symbol) {
    const place = renderPlace(evidence.symbol);
    // The file link already opens at the first place; a second one gets a link of its own.
    why.push(evidence.alsoSymbol ? `${place}, also [${renderPlace(evidence.alsoSymbol)}](${buildFileLink(input.link, file, evidence.alsoSymbol)})` : place);
  }
  if (evidence.mention?.kind === "frame") why.push(`stack frame ${inlineCode(renderFrame(file.path, evidence.mention), 160)}`);
  if (evidence.mention?.kind === "path") why.push("named in the issue");
  const words = readerWords(evidence, input.link.repo);
  if (words.length > 0) why.push(`matches ${words.map((t) => inlineCode(t, 40)).join(", ")}`);
  if (evidence.titleWords) why.push(`its path holds ${evidence.titleWords.slice(0, MAX_TERMS).map((t) => inlineCode(t, 40)).join(", ")} from the title`);
  if (evidence.package) why.push(`in package ${inlineCode(evidence.package, 80)}, named in the issue`);
  if (evidence.tests) why.push(`its test ${inlineCode(evidence.tests.path.slice(evidence.tests.path.lastIndexOf("/") + 1), 80)} matches too`);
  if (evidence.declarations) why.push(`its declarations ${inlineCode(evidence.declarations.path.slice(evidence.declarations.path.lastIndexOf("/") + 1), 80)} match too`);
  // A number BugScout itself recorded, not text from the issue: left as a live reference to the past issue.
  if (evidence.history && Number.isSafeInteger(evidence.history.issue)) why.push(`fixed for the similar #${evidence.history.issue}`);
  if (why.length === 0) why.push(evidence.similarity !== undefined ? "similar code" : "path matches");
  if (comment.show_scores) {
    why.push(`score ${formatNumber(file.score)}`);
    if (evidence.similarity !== undefined) why.push(`similarity ${formatNumber(evidence.similarity)}`);
  }
  return `[${escapeMarkdown(file.path)}](${buildFileLink(input.link, file)}) — ${why.join(" · ")}`;
}

/** `` `Model.save` (lines 10–20) ``; a line window (a file without a grammar) is its range alone. */
function renderPlace(symbol: SymbolPointer): string {
  const { startLine, endLine } = symbol;
  const lines = endLine > startLine ? `lines ${startLine}–${endLine}` : `line ${startLine}`;
  // A `window` is a stretch of lines in a file without a grammar: its name says nothing the range does not.
  return symbol.kind === "window" ? lines : `${inlineCode(symbol.qualifiedName)} (${lines})`;
}

/**
 * The operator's details, folded away (`comment.show_details`): the mode and why, the confidence, the timing and the
 * commit. Problems of the settings and maps never appear here: the issue thread is the reporter's, so they go where
 * the repository's authors look (src/triage/report-problems.ts).
 */
function renderDetails(input: CommentInput, confident: boolean): string[] {
  const { ranking, settings } = input;
  if (!settings.comment.show_details) return [];
  const confidence = confident
    ? `confidence ${input.confidence.toFixed(2)}`
    : `low confidence (${input.confidence.toFixed(2)}, floor ${settings.ranking.min_confidence.toFixed(2)})`;
  const type = input.issueType ? [`type ${input.issueType.type} (${input.issueType.source})`] : [];
  const parts = [
    `mode ${ranking.mode}: ${escapeMarkdown(ranking.reason, 200)}`,
    ...type,
    confidence,
    `ranked in ${formatDuration(ranking.ms)}`,
    `commit ${escapeMarkdown(input.link.commit.slice(0, 7))}`,
    "`/bugscout help` for commands",
  ];
  return [["<details>", "<summary>Details for maintainers</summary>", "", parts.join(" · "), "", "</details>"].join("\n")];
}

/** Drops files from the end (with a notice) until the body fits GitHub's limit; cuts hard as a last resort. */
function fitToLimit(input: CommentInput, head: string[], lines: string[], tail: string[]): string {
  const limit = input.limit ?? GITHUB_COMMENT_LIMIT;
  const { collapsed } = input.settings.comment;
  const build = (shown: string[], omitted: number): string => {
    const title = `**BugScout**: ${lines.length === 1 ? "the file" : `${lines.length} files`} most likely to need a change`;
    const notice = omitted > 0 ? [`_…and ${omitted} more not shown: GitHub limits comments to ${limit} characters._`] : [];
    const list = [shown.join("\n"), ...notice];
    const block = collapsed
      ? [`<details>\n<summary>${title.replace(/\*\*/g, "")}</summary>`, ...list, "</details>"]
      : [`${title}:`, ...list];
    return join([...head, ...block, ...(input.afterList ?? []), ...tail]);
  };
  for (let shown = lines.length; shown >= 0; shown--) {
    const body = build(lines.slice(0, shown), lines.length - shown);
    if (body.length <= limit) return body;
  }
  const notice = "\n\n_…truncated: GitHub limits comments in size._";
  return build([], lines.length).slice(0, limit - notice.length) + notice;
}

function optional(text: string | undefined): string[] {
  return text ? [text] : [];
}

function join(blocks: readonly string[]): string {
  return `${blocks.join("\n\n")}\n`;
}

function formatNumber(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : "n/a";
}

/** The footer's "ranked in …" figure: it differs on every run, so it alone is no reason to edit a comment. */
const TIMING = /ranked in (\d+ ms|\d+\.\d s|n\/a)/g;

/**
 * Whether two comment bodies say the same thing: equal but for the ranking time. A redelivery or a re-run that ranks
 * the same files then leaves the comment alone instead of editing it (an "edited" mark and a notification for no news).
 */
export function sameCommentContent(a: string, b: string): boolean {
  return a === b || a.replace(TIMING, "ranked in") === b.replace(TIMING, "ranked in");
}

function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "n/a";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
