import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyIssueType } from "../../src/issue-type/classify-issue-type.js";
import { typeDeclaredInBody, typeOfAnswer } from "../../src/issue-type/declared-type.js";
import { shippedIssueTypeModel } from "../../src/issue-type/shipped-model.js";

describe("the kind the reporter declared", () => {
  it("reads a form's kind dropdown as GitHub writes it, the options as a label would be read", () => {
    assert.equal(typeDeclaredInBody("### Issue type\n\nBug\n\n### Source\n\nsource"), "bug");
    assert.equal(typeDeclaredInBody("<details><summary>Click to expand!</summary> \n \n ### Issue Type\n\nSupport\n\n### Custom Code\n\nYes"), "question");
    assert.equal(typeDeclaredInBody("### What kind of issue is this?\n\nFeature Request\n"), "feature");
    assert.equal(typeDeclaredInBody("### Type of issue\n\nDocumentation Feature Request"), "documentation");
    assert.equal(typeDeclaredInBody("**Issue type**\n\n🐛 Bug report\n"), "bug");
    // Options that name no kind, and a field left empty, say nothing.
    assert.equal(typeDeclaredInBody("### Issue type\n\nBuild/Install\n\n### Current behavior?\n\nIt fails."), undefined);
    assert.equal(typeDeclaredInBody("### Issue type\n\n_No response_\n\n### Bug\n\nx"), undefined);
    assert.equal(typeDeclaredInBody("### Issue type\n\n### Current behavior?\n\nA bug"), undefined, "the next field is not the answer");
  });

  it("reads a ticked checkbox under the kind's heading, a `Type:` line near the top and Prow's /kind", () => {
    assert.equal(typeDeclaredInBody("## Type of request\n\n- [ ] Bug report\n- [x] Feature request\n- [ ] Question\n"), "feature");
    assert.equal(typeDeclaredInBody("Type: <b>Bug</b>\n\nThe editor freezes.\n\nVS Code version: Code 1.102.2"), "bug");
    assert.equal(typeDeclaredInBody("Issue Type: <b>Feature Request</b>\n\nAdd a minimap toggle."), "feature");
    assert.equal(typeDeclaredInBody("**What type of issue is this?**: question\n"), "question");
    assert.equal(typeDeclaredInBody("/kind bug\n\n**What happened**:\nThe pod restarts."), "bug");
    assert.equal(typeDeclaredInBody("/kind support\n"), "question");
  });

  it("says nothing on code, logs, other fields, or two kinds at once", () => {
    assert.equal(typeDeclaredInBody("Type: TypeError: undefined is not a function"), undefined);
    assert.equal(typeDeclaredInBody("My labeller config:\n```yaml\ntype: bug\nkind: feature\n```\nIt labels nothing."), undefined);
    assert.equal(typeDeclaredInBody("Category: Compiler\nVersion: 2.1"), undefined);
    assert.equal(typeDeclaredInBody("/kind bug\n/kind feature\n"), undefined);
    assert.equal(typeDeclaredInBody(`${"line\n".repeat(60)}Type: bug\n`), undefined, "a Type: line deep in the body is not a declaration");
    assert.equal(typeDeclaredInBody(""), undefined);
    assert.equal(typeDeclaredInBody("\u0000\u0001### Issue type\u0000\n".repeat(5000)), undefined);
    assert.equal(typeOfAnswer("Performance"), undefined);
    assert.equal(typeOfAnswer("Bug Report (crash)"), "bug");
  });

  it("moves the classifier's answer without overruling words that say otherwise outright", () => {
    const model = shippedIssueTypeModel();
    const report = "### What did you do?\n\nGave a customer a discount and opened their invoice.\n\n### What did you see?\n\nThe invoice shows the discount of another customer.\n\n### Shop version\n\n1.2.0";
    const plain = classifyIssueType({ title: "Discount per customer on the invoice", body: report, labels: [] }, { model });
    assert.notEqual(plain.type, "bug");
    assert.deepEqual(
      { ...classifyIssueType({ title: "Discount per customer on the invoice", body: `### Issue type\n\nBug\n\n${report}`, labels: [] }, { model }), confidence: 0 },
      { type: "bug", confidence: 0, source: "template" },
    );
    const wish = "Feature request: it would be great if a discount code could be limited to one customer.";
    assert.equal(classifyIssueType({ title: "Support discount codes per customer", body: `### Issue type\n\nBug\n\n${wish}`, labels: [] }, { model }).type, "feature");
    const support = classifyIssueType({ title: "cache size wrong after restart", body: "### Issue type\n\nSupport\n\n### Current behavior?\n\nThe cache size resets to 10 MB after a restart.", labels: [] }, { model });
    assert.deepEqual([support.type, support.source], ["question", "template"]);
  });

  it("an issue's GitHub issue type is read as a type label, before its labels; `Task` names no kind", () => {
    const model = shippedIssueTypeModel();
    const issue = { title: "Invoice total is negative", body: "The total goes negative with a discount.", labels: ["bug"] };
    assert.deepEqual(classifyIssueType({ ...issue, githubType: "Feature" }, { model }), { type: "feature", confidence: 1, source: "label" });
    assert.deepEqual(classifyIssueType({ ...issue, githubType: "Task" }, { model }), { type: "bug", confidence: 1, source: "label" });
    assert.deepEqual(classifyIssueType({ ...issue, labels: [], githubType: "Crash" }, { model, labels: { crash: "bug" } }), { type: "bug", confidence: 1, source: "label" });
  });
});
