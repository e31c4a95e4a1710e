import assert from "node:assert/strict";
import { readFileSync, realpathSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { prepareLocate } from "../../src/mcp/locate-code.js";
import { createRepoContextCache, type RepoContext } from "../../src/mcp/repo-context.js";
import { writeTree } from "../index/temp-tree.js";
import { indexFixtureTree } from "../rank/indexed-fixture-tree.js";

/** A report filed through the repository's own form: only that form's headings make it a bug report. */
const REPORT = "Discount per customer on the invoice\n\n### What did you do?\n\nGave a customer a discount and opened their " +
  "invoice.\n\n### What did you see?\n\nThe invoice shows the discount of another customer.\n\n### Shop version\n\n1.2.0";
const FORM = ".github/ISSUE_TEMPLATE/problem.yml";
const form = (labels: readonly string[]) =>
  `name: Report a problem\nbody:\n${labels.map((l) => `  - type: textarea\n    attributes:\n      label: ${l}\n`).join("")}`;
const PROBLEM_FORM = form(["What did you do?", "What did you see?", "Shop version"]);
/** The same form with other questions, as many characters long: an edit a size check alone would miss. */
const OTHER_FORM = form(["What do you need?", "Who wants it?", "Which editions?"]);

/** Sets a template's modification time `secondsAgo` in the past: a file no longer being written. */
function settle(root: string, file: string, secondsAgo: number): void {
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(root, file), at, at);
}

const typeOf = async (context: RepoContext) => {
  const { issueType } = await prepareLocate(context, { issue: REPORT, top: 5 });
  return [issueType.type, issueType.source];
};

it("locate keeps the checkout's issue-type context while its templates are unchanged, and reads an edited template on the next call", async (t) => {
  const { index, root } = await indexFixtureTree(t, { "shop/invoice.py": "def invoice_total(customer, discount):\n    return customer.total - discount\n" });
  const fs = { realpath: (p: string) => realpathSync(p), readText: (p: string) => readFileSync(p, "utf8") };
  const context = createRepoContextCache(fs).context({ root, generation: 1, index }, { count: (text) => text.length });
  assert.equal(OTHER_FORM.length, PROBLEM_FORM.length);

  const without = await typeOf(context);
  assert.notDeepEqual(without, ["bug", "template"], "without the form the report is not read as a bug report");

  writeTree(root, { [FORM]: PROBLEM_FORM });
  settle(root, FORM, 60);
  assert.deepEqual(await typeOf(context), ["bug", "template"], "a template added is read");
  assert.equal(await context.issueTypeContext(), await context.issueTypeContext(), "unchanged templates are not read again");

  writeTree(root, { [FORM]: OTHER_FORM });
  settle(root, FORM, 30);
  assert.deepEqual(await typeOf(context), without, "an edited template is read again");

  // Edited twice within one tick of the file clock, at the same size: name, size and time all match the last read,
  // so a template modified this recently is read on every call.
  const tick = new Date();
  writeTree(root, { [FORM]: PROBLEM_FORM });
  utimesSync(join(root, FORM), tick, tick);
  assert.deepEqual(await typeOf(context), ["bug", "template"]);
  writeTree(root, { [FORM]: OTHER_FORM });
  utimesSync(join(root, FORM), tick, tick);
  assert.deepEqual(await typeOf(context), without, "a recent edit is read although name, size and time match");
});
