import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { isIssueTemplatePath, stripTemplateText } from "../../src/rank/lexical/issue-template.js";
import { rankWithCli } from "./cli-rank-helper.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/issue-forms");
const REPO = join(FIXTURE, "repo");

// Before issue-form awareness both issues ranked a template first (the form 0.500 vs the code 0.374; the Markdown
// template 0.300, the code third): their headings, labels and checkboxes match the template's own words.
test("an issue written from a GitHub issue form (YAML) ranks the code file first, not the form", async (t) => {
  const ranked = await rankWithCli(t, REPO, join(FIXTURE, "form-issue.md"));
  assert.equal(ranked[0], "src/queue.js");
  assert.ok(ranked.indexOf(".github/ISSUE_TEMPLATE/bug_report.yml") !== 1, `ranking: ${ranked.join(", ")}`);
});

test("an issue written from a Markdown issue template ranks the code file first, not the template", async (t) => {
  const ranked = await rankWithCli(t, REPO, join(FIXTURE, "template-issue.md"));
  assert.equal(ranked[0], "src/queue.js");
  assert.ok(ranked.indexOf(".github/ISSUE_TEMPLATE/crash_report.md") > 2, `ranking: ${ranked.join(", ")}`);
});

test("template lines go, the reporter's lines stay, fenced blocks and the title are never touched", () => {
  const template = new Set(["describe", "bug", "steps", "reproduce", "searched", "existing", "issues", "version"]);
  const issue = [
    "Bug: steps of the parser",
    "### Describe the bug",
    "<!-- Describe the bug. -->",
    "The parser drops the last token.",
    "### Steps to reproduce",
    "```",
    "bug steps",
    "```",
    "### Version",
    "_No response_",
    "- [X] I have searched the existing issues",
  ].join("\n");
  assert.equal(stripTemplateText(issue, [template]), [
    "Bug: steps of the parser", "", "The parser drops the last token.", "```", "bug steps", "```",
  ].join("\n"));
  assert.equal(stripTemplateText("t\n<!-- hint -->x\n_No response_\n### Describe the bug", []), "t\nx\n### Describe the bug");
});

test("a form's pre-filled title tag goes; a tag of the reporter's own, or a title that is only a tag, stays", () => {
  const template = new Set(["bug", "feature", "request"]);
  assert.equal(stripTemplateText("[Bug]: parser drops the last token", [template]), "parser drops the last token");
  assert.equal(stripTemplateText("[Feature Request] retry budget", [template]), "retry budget");
  assert.equal(stripTemplateText("[parser] drops the last token", [template]), "[parser] drops the last token");
  assert.equal(stripTemplateText("[Bug]", [template]), "[Bug]");
  assert.equal(stripTemplateText("[Bug]: parser drops the last token", []), "[Bug]: parser drops the last token");
});

test("issue template paths: .github forms and templates, the legacy file and docs/ variants; not the chooser config", () => {
  for (const p of [".github/ISSUE_TEMPLATE/bug_report.yml", ".github/ISSUE_TEMPLATE/crash.md", ".github/ISSUE_TEMPLATE.md",
    "ISSUE_TEMPLATE.md", "docs/ISSUE_TEMPLATE.md", "docs/ISSUE_TEMPLATE/bug.yaml", ".gitlab/issue_templates/Bug.md"]) {
    assert.ok(isIssueTemplatePath(p), p);
  }
  for (const p of [".github/ISSUE_TEMPLATE/config.yml", ".github/workflows/ci.yml", "src/issue_template.rs"]) {
    assert.ok(!isIssueTemplatePath(p), p);
  }
});
