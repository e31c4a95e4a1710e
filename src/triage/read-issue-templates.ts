import { parseDocument } from "yaml";
import { DEFAULT_TYPE_LABELS, normalizeLabel, typeFromLabels } from "../issue-type/label-types.js";
import { markdownHeadings, normalizeHeading, type IssueTemplate } from "../issue-type/template-types.js";
import type { IssueTypeName } from "../issue-type/types.js";
import { deepFlowLine } from "./parse-settings-text.js";
import type { RepoGateway, TemplateFile } from "./ports.js";

/** Where GitHub keeps a repository's issue templates and forms. */
export const ISSUE_TEMPLATE_DIR = ".github/ISSUE_TEMPLATE";
/** Template files read at most (GitHub lists them all on the "New issue" page; real repositories have a handful). */
export const MAX_TEMPLATE_FILES = 20;
/** A template file larger than this is left out: real ones are a few KB. */
export const MAX_TEMPLATE_BYTES = 64 * 1024;

/** Words of a template's name that say its type, when the name is not a type label itself ("Report a crash"). */
const NAME_WORDS: Readonly<Record<string, IssueTypeName>> = {
  bug: "bug", bugs: "bug", crash: "bug", regression: "bug", defect: "bug", problem: "bug", broken: "bug", broke: "bug",
  error: "bug", failure: "bug",
  feature: "feature", enhancement: "feature", proposal: "feature", idea: "feature", suggestion: "feature", rfc: "feature",
  question: "question", support: "question", help: "question", usage: "question",
  documentation: "documentation", docs: "documentation", doc: "documentation", typo: "documentation",
};

/**
 * The repository's issue templates and forms as the issue-type classifier uses them (src/issue-type/template-types.ts):
 * each file's type — its `labels:` (or GitHub's `type:`) read as the issue's labels would be (the repository's own
 * map first), else its `name:`, else its `description:` / `about:` — its headings (a form's field labels, a Markdown template's headings) and the title it
 * pre-fills. `config.yml`, files over {@link MAX_TEMPLATE_BYTES}, files that are not valid templates and templates
 * whose type nothing says are left out; nothing throws. Pure.
 */
export function parseIssueTemplates(files: readonly TemplateFile[], labels: Readonly<Record<string, IssueTypeName>>): IssueTemplate[] {
  const out: IssueTemplate[] = [];
  for (const file of files.slice(0, MAX_TEMPLATE_FILES)) {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1).toLowerCase();
    if (/^config\.ya?ml$/.test(name) || file.text.length > MAX_TEMPLATE_BYTES) continue;
    const parsed = /\.ya?ml$/.test(name) ? readForm(file.text) : /\.md$/.test(name) ? readMarkdownTemplate(file.text) : undefined;
    if (!parsed) continue;
    const type = typeFromLabels([...parsed.labels, ...parsed.types], labels) ?? typeOfName(parsed.name) ?? typeOfName(parsed.description);
    if (!type) continue;
    const titlePrefix = parsed.title.trim().toLowerCase();
    out.push({ type, headings: [...new Set(parsed.headings.map(normalizeHeading).filter((h) => h !== ""))], ...(titlePrefix ? { titlePrefix } : {}) });
  }
  return out;
}

/**
 * The repository's issue templates and forms read through `gateway` ({@link MAX_TEMPLATE_FILES} files of
 * {@link MAX_TEMPLATE_BYTES} at most) and parsed; none when the gateway cannot list them.
 */
export async function readIssueTemplates(gateway: Pick<RepoGateway, "listIssueTemplates">, labels: Readonly<Record<string, IssueTypeName>>): Promise<IssueTemplate[]> {
  if (!gateway.listIssueTemplates) return [];
  return parseIssueTemplates(await gateway.listIssueTemplates(MAX_TEMPLATE_FILES, MAX_TEMPLATE_BYTES), labels);
}

interface RawTemplate {
  readonly name: string;
  /** A form's `description:`, a Markdown template's `about:`. */
  readonly description: string;
  readonly title: string;
  readonly labels: readonly string[];
  readonly types: readonly string[];
  readonly headings: readonly string[];
}

/** An issue form (`body:` of fields): the headings are its fields' labels, which GitHub renders as `### label`. */
function readForm(text: string): RawTemplate | undefined {
  const form = readYamlMapping(text);
  if (!form) return undefined;
  const headings: string[] = [];
  for (const field of Array.isArray(form.body) ? form.body : []) {
    const f = field as { type?: unknown; attributes?: { label?: unknown } } | null;
    if (f && f.type !== "markdown" && typeof f.attributes?.label === "string") headings.push(f.attributes.label);
  }
  return { name: str(form.name), description: str(form.description), title: str(form.title), labels: list(form.labels), types: list(form.type), headings };
}

/** A Markdown template: YAML front matter (`name`, `title`, `labels`) and the headings of its body. */
function readMarkdownTemplate(text: string): RawTemplate | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  const front = readYamlMapping(match[1]);
  if (!front) return undefined;
  const headings = markdownHeadings(match[2]);
  return { name: str(front.name), description: str(front.about), title: str(front.title), labels: list(front.labels), types: list(front.type), headings };
}

function readYamlMapping(text: string): Record<string, unknown> | undefined {
  if (deepFlowLine(text) !== undefined) return undefined;
  try {
    const doc = parseDocument(text);
    if (doc.errors.length > 0) return undefined;
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    // Only the alias guard throws here: a template that needs it is not one to read.
    return undefined;
  }
}

/** The type a template's name (or description) says: a type label's name ("Bug report"), else words of one type only ("Report a crash"). */
function typeOfName(name: string): IssueTypeName | undefined {
  const whole = DEFAULT_TYPE_LABELS[normalizeLabel(name)];
  if (whole) return whole;
  const types = new Set(normalizeLabel(name).split(" ").map((w) => NAME_WORDS[w]).filter((t) => t !== undefined));
  return types.size === 1 ? [...types][0] : undefined;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** `labels:` as GitHub takes it: a list, or one comma-separated string. */
function list(value: unknown): string[] {
  if (typeof value === "string") return value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
