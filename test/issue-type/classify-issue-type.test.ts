import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyIssueType, LABEL_CONFIDENCE, TEMPLATE_CONFIDENCE } from "../../src/issue-type/classify-issue-type.js";
import { classifyIssueText } from "../../src/issue-type/classify-issue-text.js";
import { normalizeLabel, typeFromLabels } from "../../src/issue-type/label-types.js";
import { shippedIssueTypeModel } from "../../src/issue-type/shipped-model.js";
import { typeFromTemplate } from "../../src/issue-type/template-types.js";

const model = shippedIssueTypeModel();
const classify = (title: string, body: string, labels: string[] = []) => classifyIssueType({ title, body, labels }, { model });

describe("issue type from labels", () => {
  it("reads the common spellings of type labels", () => {
    assert.equal(normalizeLabel("type: bug"), "bug");
    assert.equal(normalizeLabel("kind/feature"), "feature");
    assert.equal(normalizeLabel("🐛 Bug"), "bug");
    assert.equal(normalizeLabel("C-feature-request"), "feature request");
    assert.equal(typeFromLabels(["area/ui", "Type: Enhancement"]), "feature");
    assert.equal(typeFromLabels(["docs"]), "documentation");
    assert.equal(typeFromLabels(["support"]), "question");
    assert.equal(typeFromLabels(["regression", "P1"]), "bug");
  });

  it("leaves alone labels about who may work on an issue, and lets a bug label win over a docs one", () => {
    assert.equal(typeFromLabels(["help wanted", "good first issue"]), undefined);
    assert.equal(typeFromLabels(["documentation", "bug"]), "bug");
  });

  it("takes the repository's own names first", () => {
    assert.equal(typeFromLabels(["Needs Triage", "ouch"], { ouch: "bug" }), "bug");
    assert.equal(typeFromLabels(["bug"], { bug: "question" }), "question");
  });

  it("a type label decides, whatever the text", () => {
    assert.deepEqual(classify("How do I configure the proxy?", "Any idea?", ["kind/bug"]), { type: "bug", confidence: LABEL_CONFIDENCE, source: "label" });
  });
});

describe("issue type from the template", () => {
  it("reads GitHub's default bug and feature templates' headings", () => {
    const bug = "**Describe the bug**\nThe modal closes.\n\n**To Reproduce**\n1. open\n\n**Expected behavior**\nIt stays.";
    assert.deepEqual(typeFromTemplate("Modal closes", bug), { type: "bug", strong: true });
    const feature = "### Is your feature request related to a problem? Please describe.\nNo.\n\n### Describe the solution you'd like\nDark mode.";
    assert.deepEqual(typeFromTemplate("Dark mode", feature), { type: "feature", strong: true });
    const typed = classify("Dark mode", feature);
    assert.deepEqual([typed.type, typed.source], ["feature", "template"]);
  });

  it("reads an issue form's pre-filled title tag", () => {
    assert.deepEqual(typeFromTemplate("[Feature Request]: export to CSV", ""), { type: "feature", strong: true, tag: true });
    assert.deepEqual(typeFromTemplate("[Bug]: crash on start", ""), { type: "bug", strong: true, tag: true });
    assert.deepEqual(classify("[Question] frob a file", "How do I frob?"), { type: "question", confidence: TEMPLATE_CONFIDENCE, source: "template" });
  });

  it("says nothing for headings of two kinds in a tie, or none", () => {
    assert.equal(typeFromTemplate("x", "## Steps to reproduce\na\n## Describe the solution you'd like\nb"), undefined);
    assert.equal(typeFromTemplate("x", "## Notes\nplain"), undefined);
  });
});

describe("issue type from the shipped model", () => {
  it("tells a crash report, a feature request and a usage question apart", () => {
    const bug = classify(
      "TypeError when calling render() after upgrading to 4.2.0",
      "After upgrading, render() throws:\n\n```\nTypeError: Cannot read properties of undefined (reading 'map')\n    at render (src/view.js:42:13)\n```\n\nExpected the list to render. Actual: crash.",
    );
    assert.equal(bug.type, "bug");
    assert.equal(bug.source, "model");
    const feature = classify("Add support for exporting reports as CSV", "It would be nice to have an option to export the report as CSV, so we can open it in a spreadsheet.");
    assert.equal(feature.type, "feature");
    const question = classify("How do I set a custom timeout?", "I am wondering how can I set the timeout for a single request? Is there a way to do this?");
    assert.equal(question.type, "question");
  });

  it("reads `rank`'s single text as title line and body", () => {
    assert.deepEqual(classifyIssueText("# Add support for exporting reports as CSV\nIt would be nice to have an option to export as CSV."), classify("Add support for exporting reports as CSV", "It would be nice to have an option to export as CSV."));
  });

  it("answers bad input with a type and a low confidence, never a throw", () => {
    const cases: [string, string][] = [
      ["", ""],
      ["\u0000\u0001\u0002\ufffd\ufffd", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)).toString("latin1")],
      ["x".repeat(100_000), "word ".repeat(200_000)],
      ["启动时崩溃", "打开应用后立即退出，没有任何提示。"],
    ];
    for (const [title, body] of cases) {
      const t = classify(title, body);
      assert.ok(["bug", "feature", "question", "documentation"].includes(t.type));
      assert.ok(t.confidence >= 0 && t.confidence < 0.6, `${JSON.stringify(title.slice(0, 20))}: ${t.confidence}`);
    }
  });
});
