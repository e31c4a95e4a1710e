import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyIssueType } from "../../src/issue-type/classify-issue-type.js";
import { shippedIssueTypeModel } from "../../src/issue-type/shipped-model.js";
import { typeFromTemplate } from "../../src/issue-type/template-types.js";
import { parseIssueTemplates } from "../../src/triage/read-issue-templates.js";

/** A form whose name, labels and fields none of the common templates use: only the repository's own file tells it. */
const PROBLEM_FORM = `name: "Report a problem"
description: Tell us what went wrong
title: "[Oops]: "
labels: ["needs triage"]
body:
  - type: markdown
    attributes:
      value: Thanks for taking the time!
  - type: textarea
    attributes:
      label: What did you do?
  - type: textarea
    attributes:
      label: What did you see?
  - type: input
    attributes:
      label: Shop version
`;
const IDEA_TEMPLATE = `---
name: Share an idea
about: Something the shop could do
labels: kind/enhancement
---

## What would you like?

## Who needs it?

## Shop version
`;
const FILES = [
  { path: ".github/ISSUE_TEMPLATE/config.yml", text: "blank_issues_enabled: false\n" },
  { path: ".github/ISSUE_TEMPLATE/idea.md", text: IDEA_TEMPLATE },
  { path: ".github/ISSUE_TEMPLATE/problem.yml", text: PROBLEM_FORM },
];
const PROBLEM_BODY = "### What did you do?\n\nApplied a discount code limited to one customer to another customer's cart.\n\n### What did you see?\n\nThe code was accepted for the other customer too.\n\n### Shop version\n\n1.2.0";

describe("the repository's own issue templates and forms", () => {
  it("reads each file's type from its labels, else its name or description, and its headings and title prefix", () => {
    assert.deepEqual(parseIssueTemplates(FILES, {}), [
      { type: "feature", headings: ["what would you like", "who needs it", "shop version"] },
      { type: "bug", headings: ["what did you do", "what did you see", "shop version"], titlePrefix: "[oops]:" },
    ]);
    // The repository's own label map comes first: here `needs triage` marks its questions.
    assert.equal(parseIssueTemplates(FILES, { "needs triage": "question" })[1]!.type, "question");
  });

  it("leaves out what is no template or says no type, and survives hostile YAML", () => {
    const bad = [
      { path: ".github/ISSUE_TEMPLATE/plain.yml", text: "name: Other\nbody:\n  - type: textarea\n    attributes:\n      label: Anything\n" },
      { path: ".github/ISSUE_TEMPLATE/broken.yml", text: "name: [unclosed\n" },
      { path: ".github/ISSUE_TEMPLATE/deep.yml", text: `name: Bug\nx: ${"[".repeat(40_000)}` },
      { path: ".github/ISSUE_TEMPLATE/aliases.yml", text: `a: &a [bug, bug]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\nname: Bug\n` },
      { path: ".github/ISSUE_TEMPLATE/no-front-matter.md", text: "## Describe the bug\n" },
      { path: ".github/ISSUE_TEMPLATE/huge.md", text: `---\nname: Bug\n---\n${"x".repeat(70_000)}` },
      { path: ".github/ISSUE_TEMPLATE/notes.txt", text: "name: Bug\n" },
      { path: ".github/ISSUE_TEMPLATE/list.yml", text: "- name: Bug\n" },
    ];
    assert.deepEqual(parseIssueTemplates(bad, {}), []);
  });

  it("an issue that carries a template's headings, or starts with its pre-filled title, was opened with it", () => {
    const templates = parseIssueTemplates(FILES, {});
    assert.deepEqual(typeFromTemplate("Codes leak between customers", PROBLEM_BODY, templates), { type: "bug", strong: true });
    assert.deepEqual(typeFromTemplate("[Oops]: codes leak", "", templates), { type: "bug", strong: true, tag: true });
    // One shared heading is not enough, and the common headings still count without the repository's templates.
    assert.equal(typeFromTemplate("x", "### Shop version\n\n1.2.0", templates), undefined);
    assert.equal(typeFromTemplate("Codes leak between customers", PROBLEM_BODY), undefined);
    // Two templates of different types matched equally well say nothing.
    const twin = [...templates, { type: "question" as const, headings: ["what did you do", "what did you see", "shop version"] }];
    assert.equal(typeFromTemplate("x", PROBLEM_BODY, twin), undefined);
  });

  it("the form's evidence moves the classifier's answer: a report the model calls a question is a bug report in the problem form", () => {
    const model = shippedIssueTypeModel();
    const issue = { title: "Discount codes per customer", body: PROBLEM_BODY, labels: [] };
    const without = classifyIssueType(issue, { model });
    const withTemplates = classifyIssueType(issue, { model, templates: parseIssueTemplates(FILES, {}) });
    assert.notEqual(without.type, "bug");
    assert.deepEqual({ type: withTemplates.type, source: withTemplates.source }, { type: "bug", source: "template" });
  });
});
