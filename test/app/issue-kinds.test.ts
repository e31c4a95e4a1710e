import assert from "node:assert/strict";
import path from "node:path";
import { beforeEach, describe, it } from "node:test";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { startFakeVoyage } from "../fakes/fake-voyage.js";
import { appHarness, type TestApp, type TestAppOptions } from "./app-harness.js";
import { issueCommentCreated, issuesOpened, issuesTyped, type IssueSpec } from "./payloads.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "6464646464646464646464646464646464646464";
const REPO = { owner: "acme", name: "shop", installationId: 64 };

const BUG = {
  title: "Invoice total is negative",
  body: "The invoice total goes negative when a discount is applied to the cart. Steps to reproduce: apply a 10% discount to a cart of 5 EUR. Expected 4.50, got -0.50.",
};
const FEATURE = { title: "Support discount codes per customer", body: "Feature request: it would be great if a discount code could be limited to one customer. The invoice and discount modules could check the customer." };
const QUESTION = { title: "How do I configure the cache size?", body: "Is there a way to set the cache size of the storage cache? Thanks" };
/** A feature request that names the function it is about: its ranking is sure, so it is answered whatever its kind. */
const NAMED_FEATURE = {
  title: "Support a per-customer limit in apply_discount",
  body: "Feature request: it would be great if `apply_discount` could take a customer and refuse a code that customer already used.",
};

/** The mode and type part of the comment's folded details. */
function details(body: string): string {
  return body.split("\n").find((l) => l.startsWith("mode ")) ?? "";
}

describe("speaking when it helps: the issue's kind and the confidence decide, the same in every ranking mode", () => {
  const gh = appHarness({ repo: { ...REPO, headSha: SHA }, tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-6464646") });
  /** Started by the test's first issue; closed after the test by the harness. */
  let app: TestApp | undefined;
  beforeEach(() => {
    gh.repo.roles.set("maint", "maintain");
    app = undefined;
  });

  async function open(spec: IssueSpec, options: TestAppOptions = {}): Promise<string | undefined> {
    app ??= await gh.start({ realIndex: true, ...options });
    assert.equal(await app.deliver("issues", issuesOpened(REPO, spec)), 200);
    const comments = gh.repo.comments.get(spec.number) ?? [];
    assert.ok(comments.length <= 1);
    return comments[0]?.body;
  }

  it("answers a bug report, and says nothing on a feature request or a question that names no file, however well they rank", async () => {
    const bug = await open({ number: 1, ...BUG });
    assert.match(bug ?? "", /^1\. \[shopcart\/billing\/invoice\\\.py\]/m);
    assert.match(details(bug ?? ""), / · type bug \(model\) · confidence 0\.\d\d · /);
    assert.equal(await open({ number: 2, ...FEATURE }), undefined);
    assert.equal(await open({ number: 3, ...QUESTION }), undefined);
    // Silence is an answer: the decision and its reason are logged.
    const decisions = app!.logs.filter((l) => l.includes('"msg":"comment decision"')).map((l) => JSON.parse(l) as { gate: string; reason: string });
    assert.deepEqual(decisions.map((d) => d.gate), ["answered", "type", "type"]);
    assert.match(decisions[1]!.reason, /^a feature request \(classifier, 0\.\d\d\): trigger\.types answers bug reports by itself, other kinds when they name the first file at confidence 0\.50 \(this one 0\.\d\d, names none\)$/);
    assert.match(decisions[2]!.reason, /^a question \(classifier, 0\.\d\d\): /);
  });

  it("answers a feature request that names the code it is about when the ranking is sure; trigger.other_types_confidence: 1 keeps it quiet", async () => {
    const named = await open({ number: 11, ...NAMED_FEATURE });
    assert.match(named ?? "", /^1\. \[shopcart\/billing\/discount\\\.py\]/m);
    assert.match(details(named ?? ""), / · type feature \(model\) · confidence 0\.\d\d · /);
    const decision = app!.logs.filter((l) => l.includes('"msg":"comment decision"')).map((l) => JSON.parse(l) as { gate: string; reason: string }).at(-1);
    assert.equal(decision?.gate, "answered");
    assert.match(decision?.reason ?? "", /^a feature request \(classifier, 0\.\d\d\) naming the first file: confidence 0\.\d\d, floor 0\.15, at least 0\.50 \(trigger\.other_types_confidence\), answered whatever its kind$/);

    gh.repo.settings = "trigger:\n  other_types_confidence: 1\n";
    assert.equal(await open({ number: 12, ...NAMED_FEATURE }), undefined);
    const quiet = app!.logs.filter((l) => l.includes('"msg":"comment decision"')).map((l) => JSON.parse(l) as { gate: string; reason: string }).at(-1);
    assert.deepEqual([quiet?.gate, quiet?.reason.endsWith("trigger.types answers bug reports by itself")], ["type", true]);
  });

  it("a type label beats the classifier: a bug report labelled question gets nothing, a feature request labelled bug is answered", async () => {
    assert.equal(await open({ number: 4, ...BUG, labels: ["question"] }), undefined);
    const labelled = await open({ number: 5, ...FEATURE, labels: ["bug"] });
    assert.match(labelled ?? "", /^1\. \[shopcart\/billing\/discount\\\.py\]/m);
    assert.match(details(labelled ?? ""), / · type bug \(label\) · /);
  });

  it("the issue's GitHub issue type and the kind chosen in its form count: a bug report typed Feature gets nothing, a feature request typed Bug, or a report filed as a bug, is answered", async () => {
    assert.equal(await open({ number: 21, ...BUG, type: "Feature" }), undefined);
    const typed = await open({ number: 22, ...FEATURE, type: "Bug" });
    assert.match(typed ?? "", /^1\. \[shopcart\/billing\/discount\\\.py\]/m);
    assert.match(details(typed ?? ""), / · type bug \(label\) · /);
    // GitHub's default "Task" type names no kind: the classifier reads the words, as without a type.
    assert.equal(await open({ number: 23, ...FEATURE, type: "Task" }), undefined);
    // A report the classifier reads as a question, filed with the form's "Issue type" dropdown answered "Bug": the
    // reporter's choice moves the kind (words that say "feature request" outright would still outweigh it).
    const report = "### What did you do?\n\nGave a customer a discount and opened their invoice.\n\n### What did you see?\n\nThe invoice shows the discount of another customer.\n\n### Shop version\n\n1.2.0";
    assert.equal(await open({ number: 24, title: "Discount per customer on the invoice", body: report }), undefined);
    const filed = await open({ number: 25, title: "Discount per customer on the invoice", body: `### Issue type\n\nBug\n\n${report}` });
    assert.match(filed ?? "", /^1\. \[shopcart\/billing\/(invoice|discount)\\\.py\]/m);
    assert.match(details(filed ?? ""), / · type bug \(template\) · /);
    const gates = app!.logs.filter((l) => l.includes('"msg":"comment decision"')).map((l) => (JSON.parse(l) as { gate: string }).gate);
    assert.deepEqual(gates, ["type", "answered", "type", "type", "answered"]);
  });

  it("a maintainer who sets the issue's type to Bug gets the answer; another type asks for nothing and undoes nothing", async () => {
    assert.equal(await open({ number: 31, ...FEATURE }), undefined);
    assert.equal(await app!.deliver("issues", issuesTyped(REPO, { number: 31, ...FEATURE, type: "Feature" })), 200);
    assert.equal(gh.repo.comments.get(31), undefined, "typed Feature: a kind trigger.types does not answer");
    assert.equal(await app!.deliver("issues", issuesTyped(REPO, { number: 31, ...FEATURE, type: "Bug" })), 200);
    const answered = gh.repo.comments.get(31)?.[0]?.body ?? "";
    assert.match(answered, /^1\. \[shopcart\/billing\/discount\\\.py\]/m);
    assert.match(details(answered), / · type bug \(label\) · /);
    // Typed back to Feature: the answer stays as it was.
    assert.equal(await app!.deliver("issues", issuesTyped(REPO, { number: 31, ...FEATURE, type: "Feature" })), 200);
    assert.deepEqual(gh.repo.comments.get(31)?.map((c) => c.body), [answered]);
    const skips = app!.logs.filter((l) => l.includes('"msg":"issue skipped"')).map((l) => (JSON.parse(l) as { skip: string }).skip);
    assert.deepEqual(skips, ["the issue type names no kind trigger.types answers", "the issue type names no kind trigger.types answers"]);
  });

  it("a maintainer's /bugscout ranks a feature request; trigger.types: [bug, feature] answers it by itself", async () => {
    assert.equal(await open({ number: 6, ...FEATURE }), undefined);
    assert.equal(await app!.deliver("issue_comment", issueCommentCreated(REPO, { number: 6, ...FEATURE }, { id: 606, body: "/bugscout", user: { login: "maint" } })), 200);
    const asked = gh.repo.comments.get(6)?.[0]?.body ?? "";
    assert.match(asked, /^1\. \[shopcart\/billing\/discount\\\.py\]/m);
    assert.match(details(asked), / · type feature \(model\) · /);

    gh.repo.settings = "trigger:\n  types: [bug, feature]\n";
    const byItself = await open({ number: 7, ...FEATURE });
    assert.match(byItself ?? "", /^1\. \[shopcart\/billing\/discount\\\.py\]/m);
    assert.equal(await open({ number: 8, ...QUESTION }), undefined);
  });

  it("reads the repository's own issue forms: a report filed through its problem form is answered as a bug report", async () => {
    const report = {
      title: "Discount per customer on the invoice",
      body: "### What did you do?\n\nGave a customer a discount and opened their invoice.\n\n### What did you see?\n\nThe invoice shows the discount of another customer.\n\n### Shop version\n\n1.2.0",
    };
    assert.equal(await open({ number: 11, ...report }), undefined);
    const gates = app!.logs.filter((l) => l.includes('"msg":"comment decision"')).map((l) => (JSON.parse(l) as { gate: string }).gate);
    assert.deepEqual(gates, ["type"], "without the form, the classifier does not call it a bug report");
    gh.repo.files.set(".github/ISSUE_TEMPLATE/config.yml", "blank_issues_enabled: false\n");
    gh.repo.files.set(
      ".github/ISSUE_TEMPLATE/problem.yml",
      "name: Report a problem\nbody:\n  - type: textarea\n    attributes:\n      label: What did you do?\n  - type: textarea\n    attributes:\n      label: What did you see?\n  - type: input\n    attributes:\n      label: Shop version\n",
    );
    await app!.close();
    app = undefined;
    const answered = await open({ number: 12, ...report });
    assert.match(answered ?? "", /^1\. \[shopcart\/billing\/(invoice|discount)\\\.py\]/m);
    assert.match(details(answered ?? ""), / · type bug \(template\) · /);
  });

  it("with an embedding key (a hybrid or dense ranking) answers the bug report it answers without one, at the same confidence", async (t) => {
    // Closed by the test itself: a suite's later `after` hooks are skipped when the harness's check fails.
    const voyage = await startFakeVoyage({ apiKey: "pa-harness-voyage-key-4f1c2e" });
    t.after(() => voyage.close());
    const lexical = details((await open({ number: 9, ...BUG })) ?? "");
    await app!.close();
    app = await gh.start({ realIndex: true, voyageBaseUrl: voyage.baseUrl });
    const embedded = details((await open({ number: 10, ...BUG })) ?? "");
    assert.match(lexical, /^mode bm25: /);
    assert.match(embedded, /^mode (dense|hybrid): /);
    const confidence = (line: string) => /confidence (0\.\d\d)/.exec(line)?.[1];
    assert.equal(confidence(embedded), confidence(lexical));
    assert.ok(voyage.requests.some((r) => r.inputType === "query"), "the embedded ranking asked Voyage");
  });
});
