/**
 * The issue-type classifier's features: words and word pairs of the title and of the prose of the body, the body's
 * headings, and the shape of the report (code blocks, stack traces, version strings, question marks, how a title
 * opens). Shape and phrasing carry over from one project to the next where a project's own nouns do not. Pure.
 */

/** Characters of the title read; longer titles are cut. */
export const MAX_TITLE_CHARS = 400;
/** Characters of the body read: the opening of a report says what kind it is, and a 1 MB body costs no more. */
export const MAX_BODY_CHARS = 12_000;

/**
 * The features an issue without a title has. Part of the training data has no titles, and all of it is feature
 * requests and documentation but for one project's bug reports: fitted, these features take up that mark of the data
 * (held-out projects scored better with them), and the shipped model leaves them out, since every real issue has a
 * title and an empty one says nothing of its kind.
 */
export const NO_TITLE_FEATURES: readonly string[] = ["t0:<none>", "s:title-empty"];

/** Features of one issue: name → value. Word features are scaled so that a long body weighs no more than a short one. */
export type IssueFeatures = Map<string, number>;

const FENCE = /^\s*(```|~~~)/;
const HTML_COMMENT = /<!--[\s\S]*?(-->|$)/g;
const HEADING = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
const BOLD_LINE = /^\s*\*\*([^*]{2,80})\*\*:?\s*$/;
const URL = /\bhttps?:\/\/\S+/g;
const VERSION = /\bv?\d+\.\d+(\.\d+)*([-+.]?[a-z]+\d*)?\b/gi;
// Leading blanks stop at line ends (`[^\S\n\r\u2028\u2029]*`, not `\s*`): a `^\s*` under the m flag crosses
// them, so n blank lines cost n² steps (0.7 s for 12,000 newlines). A line after blank lines still matches from its
// own start.
const STACK_LINES = [
  /^[^\S\n\r\u2028\u2029]*at\s+\S.*(\(|\s)\S+:\d+(:\d+)?\)?\s*$/m, // JavaScript, Java, C#
  /Traceback \(most recent call last\)/,
  /^[^\S\n\r\u2028\u2029]*File ".+", line \d+/m,
  /panicked at /,
  /^[^\S\n\r\u2028\u2029]*#\d+\s+0x[0-9a-f]+/im, // gdb, sanitizers
  /\b(Segmentation fault|core dumped|SIGSEGV|SIGABRT|Assertion .* failed)\b/i,
];
const ERROR_WORD = /\b\w*(Error|Exception)\b|\berror:|\bfatal:/;
const INTERROGATIVE = new Set(["how", "what", "why", "where", "when", "which", "who", "is", "are", "can", "could", "does", "do", "did", "should", "would", "will", "has", "have"]);
const REQUEST_VERB = new Set(["add", "allow", "support", "make", "implement", "provide", "expose", "enable", "introduce", "improve", "use", "create", "extend", "let", "consider", "feature", "proposal", "rfc", "request"]);
const DOC_WORD = new Set(["doc", "docs", "documentation", "readme", "typo", "typos", "example", "examples", "guide", "tutorial", "website", "wording", "link", "links", "broken"]);
/** Words too common to say anything; kept short because "not", "how" and "it" do carry the kind of issue. */
const STOP = new Set(["the", "a", "an", "of", "to", "and", "in", "on", "for", "with", "at", "by", "from", "as", "be", "this", "that", "or"]);

/**
 * The features of one issue. Text past {@link MAX_TITLE_CHARS} / {@link MAX_BODY_CHARS} is not read; control
 * characters and binary junk become separators. Always returns (an empty text has only shape features). Pure.
 */
export function extractIssueFeatures(title: string, body: string): IssueFeatures {
  const features: IssueFeatures = new Map();
  const t = clean(title.slice(0, MAX_TITLE_CHARS));
  const rawBody = clean(body.slice(0, MAX_BODY_CHARS));
  const { prose, code, headings, comments } = splitBody(rawBody);

  const titleWords = words(t);
  addWords(features, "t", titleWords, 1);
  addFlag(features, `t0:${titleWords[0] ?? "<none>"}`);
  if (titleWords.length > 1) addFlag(features, `t01:${titleWords[0]}_${titleWords[1]}`);
  const tag = /^\s*\[([^\]]{1,30})\]/.exec(t) ?? /^\s*([a-z][\w /-]{0,20}):\s/i.exec(t);
  if (tag) addFlag(features, `tag:${words(tag[1]).join("_")}`);
  if (/\?\s*$/.test(t)) addFlag(features, "s:title-ends-?");
  else if (t.includes("?")) addFlag(features, "s:title-has-?");
  if (titleWords[0] && INTERROGATIVE.has(titleWords[0])) addFlag(features, "s:title-interrogative");
  if (titleWords.some((w) => REQUEST_VERB.has(w))) addFlag(features, "s:title-request-verb");
  if (titleWords.some((w) => DOC_WORD.has(w))) addFlag(features, "s:title-doc-word");
  if (/\b(not|n't|cannot|can't|no longer|fails?|failing|broken|wrong|incorrect|crash\w*|error|exception|bug)\b/i.test(t)) addFlag(features, "s:title-negative");
  if (VERSION.test(t)) addFlag(features, "s:title-version");
  VERSION.lastIndex = 0;
  if (t.trim() === "") addFlag(features, "s:title-empty");

  const proseWords = words(prose);
  addWords(features, "b", proseWords, 1);
  for (const h of headings) {
    const hw = words(h).slice(0, 8);
    if (hw.length === 0) continue;
    addFlag(features, `h:${hw.join("_")}`);
    for (const w of hw) features.set(`hw:${w}`, 0.5);
  }
  if (comments > 0) addFlag(features, "s:html-comment");
  if (headings.length > 0) addFlag(features, "s:headings");
  if (headings.length >= 4) addFlag(features, "s:many-headings");

  const all = `${prose}\n${code}`;
  if (code.length > 0) addFlag(features, "s:code-block");
  if (code.split("\n").length > 15) addFlag(features, "s:long-code");
  if (STACK_LINES.some((re) => re.test(all))) addFlag(features, "s:stack-trace");
  if (ERROR_WORD.test(all)) addFlag(features, "s:error-word");
  if (VERSION.test(prose)) addFlag(features, "s:version");
  VERSION.lastIndex = 0;
  if (/\bexpected\b/i.test(prose)) addFlag(features, "s:expected");
  if (/\b(actual|instead|but got|got:|result:)\b/i.test(prose)) addFlag(features, "s:actual");
  if (/\b(steps to reproduce|to reproduce|repro|reproduc\w+)\b/i.test(prose)) addFlag(features, "s:reproduce");
  if (/^[^\S\n\r\u2028\u2029]*\d+\.\s+\S/m.test(prose)) addFlag(features, "s:numbered-steps");
  if (/^[^\S\n\r\u2028\u2029]*[-*] \[[ xX]\]/m.test(prose)) addFlag(features, "s:checkboxes");
  if (/!\[[^\]]{0,1000}\]\(|<img\b/i.test(rawBody)) addFlag(features, "s:image");
  if (URL.test(prose)) addFlag(features, "s:url");
  URL.lastIndex = 0;
  const questions = (prose.match(/\?(\s|$)/g) ?? []).length;
  if (questions > 0) addFlag(features, "s:body-?");
  if (questions > 2) addFlag(features, "s:body-many-?");
  if (/\b(how (do|can|should|would) (i|we|you|one)|how to|is (it|there) (a way|possible)|any (idea|help|way)|what is the|i am wondering|i'm wondering|wondering if|can someone|could someone|please help|help me)\b/i.test(all)) addFlag(features, "s:asking");
  if (/\b(would be (nice|great|good|helpful|useful)|it would be|add support|support for|feature request|please add|i propose|proposal|could we|we could|nice to have|would like to|i'd like|i would like|it'd be)\b/i.test(prose)) addFlag(features, "s:wishing");
  if (/\b(documentation|docs?|readme|typo|example in the|the guide|tutorial)\b/i.test(all)) addFlag(features, "s:doc-mention");

  const length = proseWords.length;
  addFlag(features, length === 0 ? "s:len-0" : length < 30 ? "s:len-short" : length < 150 ? "s:len-mid" : "s:len-long");
  features.set("s:bias", 1);
  return features;
}

/** Replaces control characters (binary junk) with spaces and unifies line ends. */
function clean(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]+/g, " ");
}

interface BodyParts {
  readonly prose: string;
  readonly code: string;
  readonly headings: readonly string[];
  readonly comments: number;
}

/** Splits a body into prose, fenced and indented code, and headings (Markdown `#` lines and lone bold lines). */
function splitBody(body: string): BodyParts {
  let comments = 0;
  const visible = body.replace(HTML_COMMENT, () => {
    comments++;
    return "\n";
  });
  const prose: string[] = [];
  const code: string[] = [];
  const headings: string[] = [];
  let inFence = false;
  for (const line of visible.split("\n")) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || /^( {4}|\t)\S/.test(line)) {
      code.push(line);
      continue;
    }
    const heading = HEADING.exec(line) ?? BOLD_LINE.exec(line);
    if (heading) {
      headings.push(heading[heading.length === 3 ? 2 : 1]);
      continue;
    }
    prose.push(line);
  }
  return { prose: prose.join("\n"), code: code.join("\n"), headings, comments };
}

/** Lowercased words of prose: versions, numbers, URLs and paths become placeholders, so they count by kind. */
function words(text: string): string[] {
  const out: string[] = [];
  const normalized = text
    .toLowerCase()
    .replace(URL, " <url> ")
    .replace(VERSION, " <ver> ")
    // Token by token: the pattern `\S*\/\S+` backtracked over a long token without a slash in quadratic time.
    .replace(/\S+/g, (token) => (/\/\S/.test(token) ? " <path> " : token));
  for (const m of normalized.matchAll(/<\w+>|[\p{L}][\p{L}\p{N}'_-]*|\d+/gu)) {
    let w = m[0];
    if (/^\d+$/.test(w)) w = "<num>";
    else if (w.length > 30) w = "<long>";
    w = w.replace(/['_-]+$/, "");
    if (w !== "" && !STOP.has(w)) out.push(w);
  }
  return out;
}

/** Adds each word and each pair of neighbours, scaled by 1/√count so every text weighs about the same. */
function addWords(features: IssueFeatures, ns: string, list: readonly string[], weight: number): void {
  const names = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    names.add(`${ns}:${list[i]}`);
    if (i + 1 < list.length) names.add(`${ns}:${list[i]}_${list[i + 1]}`);
  }
  if (names.size === 0) return;
  const value = weight / Math.sqrt(names.size);
  for (const n of names) features.set(n, value);
}

function addFlag(features: IssueFeatures, name: string): void {
  features.set(name, 1);
}
