import { decodeAnalysisTerms } from "./analysis-codec.js";
import type { ContentAnalysis } from "./analyze-content.js";
import { scanTokens } from "../query/tokenize.js";

/**
 * Issue templates and forms, wherever GitHub (or a project's docs) keeps them: `.github/ISSUE_TEMPLATE/*.md|yml|yaml`,
 * `.github/ISSUE_TEMPLATE.md`, a root `ISSUE_TEMPLATE.md`, `docs/ISSUE_TEMPLATE…` and GitLab's `issue_templates/`.
 * `config.yml` of the template folder only configures the chooser.
 */
const TEMPLATE_PATH = /(^|\/)(issue_template(\/(?!config\.ya?ml$)[^/]+\.(md|ya?ml)|\.md)|\.gitlab\/issue_templates\/[^/]+\.md)$/i;

/** True for a path that holds an issue template or form. */
export function isIssueTemplatePath(path: string): boolean {
  return TEMPLATE_PATH.test(path);
}

/** The whole-word vocabulary of each issue template of a tree, from the index's stored analyses. */
export function buildTemplateVocabularies(
  docs: readonly { readonly path: string; readonly analysis: Uint8Array | ContentAnalysis }[],
): ReadonlySet<string>[] {
  const out: Set<string>[] = [];
  for (const d of docs) {
    if (!isIssueTemplatePath(d.path)) continue;
    // Read once: a corpus may read it from the store on each access.
    const analysis = d.analysis;
    const terms = analysis instanceof Uint8Array ? decodeAnalysisTerms(analysis) : analysis;
    const words = new Set<string>();
    terms.terms.forEach((t, i) => {
      if (terms.wordTf[i] > 0) words.add(t);
    });
    if (words.size > 0) out.push(words);
  }
  return out;
}

/** HTML comments: invisible in a rendered issue, so always a template's instructions, never what the reporter saw. */
const HTML_COMMENT = /<!--[\s\S]*?(-->|$)/g;
/** What GitHub writes for an optional form field left empty. */
const NO_RESPONSE = /^\s*_No response_\s*$/i;
const FENCE = /^\s*(```|~~~)/;
/** A bracketed tag opening a title (`[Bug]: `), which is what an issue form's `title:` field pre-fills. */
const TITLE_TAG = /^\s*\[([^\]\n]{1,40})\]\s*:?\s*/;

/**
 * Drops the text an issue template contributed, keeping what the reporter wrote: HTML comments, `_No response_`,
 * and every line (outside fenced blocks, after the title) all of whose words come from one of the repository's
 * templates — headings, form labels and descriptions, untouched placeholders, checkbox items. A line with a single
 * word of the reporter's own is kept whole. In the title only a bracketed tag made of template words goes
 * (`[Bug]: …`, a form's pre-filled title); the rest of the title is the reporter's. Without templates only comments
 * and `_No response_` go. Pure.
 */
export function stripTemplateText(text: string, templates: readonly ReadonlySet<string>[]): string {
  const lines = text.replace(/\r\n?/g, "\n").replace(HTML_COMMENT, "").split("\n");
  const kept: string[] = [];
  let inFence = false;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) inFence = !inFence;
    if (i === 0) return void kept.push(stripTitleTag(line, templates));
    if (inFence || FENCE.test(line)) return void kept.push(line);
    if (NO_RESPONSE.test(line)) return;
    if (templates.length > 0 && fromTemplate(line, templates)) return;
    kept.push(line);
  });
  return kept.join("\n");
}

function stripTitleTag(title: string, templates: readonly ReadonlySet<string>[]): string {
  const tag = TITLE_TAG.exec(title);
  if (!tag || tag[0].length === title.length || !fromTemplate(tag[1], templates)) return title;
  return title.slice(tag[0].length);
}

function fromTemplate(line: string, templates: readonly ReadonlySet<string>[]): boolean {
  const words: string[] = [];
  scanTokens(line, (term, part) => {
    if (!part) words.push(term);
  });
  if (words.length === 0) return false;
  return templates.some((t) => words.every((w) => t.has(w)));
}
