import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { adaptModel } from "../../src/issue-type/adapt-model.js";
import { decodeAdaptedModel, encodeAdaptedModel } from "../../src/issue-type/adapted-model-codec.js";
import { classifyIssueType } from "../../src/issue-type/classify-issue-type.js";
import { extractIssueFeatures } from "../../src/issue-type/issue-features.js";
import { shippedIssueTypeModel } from "../../src/issue-type/shipped-model.js";
import { issueTypeCachePath, issueTypeModelCachePath, repoPaths } from "../../src/triage/data-layout.js";
import { findIssueType } from "../../src/triage/find-issue-type.js";
import type { ClosedIssue } from "../../src/triage/ports.js";
import { createIssueTypeModels, LABELLED_ISSUES_MAX_AGE_MS } from "../../src/triage/repo-issue-types.js";
import { defaultSettings } from "../../src/triage/settings-schema.js";

const key = { installationId: 1, owner: "acme", repo: "frob" };
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** Closed issues in the project's own words; "ouch" is its bug label, which only the settings map knows. */
function closedIssues(bugLabel: string): ClosedIssue[] {
  const out: ClosedIssue[] = [];
  for (let i = 0; i < 20; i++) {
    out.push({ title: `Frobnicator output garbled ${i}`, body: `frob ${i} prints garbled glyphs`, labels: [bugLabel] });
    out.push({ title: `Frobnicator output in colour ${i}`, body: `frob ${i} could print colours`, labels: ["enhancement"] });
  }
  return out;
}

/** A gateway that serves closed issues and counts the reads. */
function gateway(issues: ClosedIssue[]) {
  const reads: number[] = [];
  return { reads, listClosedIssues: async (max: number) => (reads.push(max), issues.slice(0, max)) };
}

describe("the issue-type classifier adapted to a repository", () => {
  const dir = mkdtempSync(join(tmpdir(), "bugscout-issue-types-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the closed issues once a day, keeps them in the repository's folder, and answers `repository`", async () => {
    let now = 1_000_000;
    const models = createIssueTypeModels({ dataDir: dir, clock: { now: () => now } });
    const github = gateway(closedIssues("ouch"));
    const settings = { issue_types: { labels: { ouch: "bug" as const }, learn: true } };
    const issue = { title: "Frobnicator output garbled 99", body: "frob 99 prints garbled glyphs", labels: [] };
    const typed = await findIssueType({ log: quiet, gateway: github, issueTypeModels: models }, { key, issue, settings });
    assert.deepEqual([typed.type, typed.source], ["bug", "repository"]);
    assert.deepEqual(github.reads, [300]);
    assert.ok(existsSync(issueTypeCachePath(dir, key)));
    now += LABELLED_ISSUES_MAX_AGE_MS - 1;
    await findIssueType({ log: quiet, gateway: github, issueTypeModels: models }, { key, issue, settings });
    assert.deepEqual(github.reads, [300], "fresh for a day");
    // A new process (the Action's next run) finds them on disk.
    const again = createIssueTypeModels({ dataDir: dir, clock: { now: () => now } });
    await findIssueType({ log: quiet, gateway: github, issueTypeModels: again }, { key, issue, settings });
    assert.deepEqual(github.reads, [300]);
    now += 2;
    await findIssueType({ log: quiet, gateway: github, issueTypeModels: models }, { key, issue, settings });
    assert.deepEqual(github.reads, [300, 300], "read again after a day");
  });

  it("adapts to closed issues typed by their GitHub issue type alone, as to type labels", async () => {
    const models = createIssueTypeModels({ dataDir: join(dir, "typed"), clock: { now: () => 5_000 } });
    const issues = closedIssues("ouch").map((i) => ({ ...i, labels: [], githubType: i.labels[0] === "ouch" ? "Bug" : "Feature" }));
    const settings = { issue_types: { labels: {}, learn: true } };
    const issue = { title: "Frobnicator output garbled 99", body: "frob 99 prints garbled glyphs", labels: [] };
    const typed = await findIssueType({ log: quiet, gateway: gateway(issues), issueTypeModels: models }, { key, issue, settings });
    assert.deepEqual([typed.type, typed.source], ["bug", "repository"]);
    const untyped = await findIssueType(
      { log: quiet, gateway: gateway(issues.map((i) => ({ ...i, githubType: "Task" }))), issueTypeModels: createIssueTypeModels({ dataDir: join(dir, "task"), clock: { now: () => 5_000 } }) },
      { key, issue, settings },
    );
    assert.equal(untyped.source, "model", "the default Task type names no kind: nothing to adapt to");
  });

  it("answers with the shipped model when learning is off, the issues name too few types, or the read fails", async () => {
    const models = createIssueTypeModels({ dataDir: dir, clock: { now: () => 5 } });
    const issue = { title: "Frobnicator output garbled", body: "frob prints garbled glyphs", labels: [] };
    const shipped = classifyIssueType(issue, { model: shippedIssueTypeModel() });
    const off = gateway(closedIssues("bug"));
    const settingsOff = { issue_types: { ...defaultSettings().issue_types, learn: false } };
    assert.deepEqual(await findIssueType({ log: quiet, gateway: off, issueTypeModels: models }, { key, issue, settings: settingsOff }), shipped);
    assert.deepEqual(off.reads, []);
    const other = { ...key, repo: "unlabelled" };
    const unlabelled = gateway(closedIssues("wontfix"));
    assert.deepEqual(await findIssueType({ log: quiet, gateway: unlabelled, issueTypeModels: models }, { key: other, issue, settings: defaultSettings() }), shipped);
    const warned: string[] = [];
    const failing = { listClosedIssues: async () => Promise.reject(new Error("503")) };
    const log = { ...quiet, warn: (_: object, msg: string) => void warned.push(msg) };
    assert.deepEqual(await findIssueType({ log, gateway: failing, issueTypeModels: models }, { key: { ...key, repo: "down" }, issue, settings: defaultSettings() }), shipped);
    assert.deepEqual(warned, ["triage extra failed; the comment goes on without it"]);
  });

  it("keeps the adapted model beside the issues: a new process with the same issues loads it, other issues refit it", async () => {
    let now = 2_000_000;
    const k = { ...key, repo: "cached" };
    const settings = { issue_types: { labels: { ouch: "bug" as const }, learn: true } };
    const issue = { title: "Frobnicator output garbled 99", body: "frob 99 prints garbled glyphs", labels: [] };
    const github = gateway(closedIssues("ouch"));
    const first = await findIssueType({ log: quiet, gateway: github, issueTypeModels: createIssueTypeModels({ dataDir: dir, clock: { now: () => now } }) }, { key: k, issue, settings });
    const file = issueTypeModelCachePath(dir, k);
    assert.ok(repoPaths(dir, k).includes(file), "uninstalling deletes it");
    const stored = JSON.parse(readFileSync(file, "utf8")) as { digest: string; model: { bias: number[] } };
    // The same issues in a new process: the answer is the fitted model's, to the last digit.
    const next = () => findIssueType({ log: quiet, gateway: github, issueTypeModels: createIssueTypeModels({ dataDir: dir, clock: { now: () => now } }) }, { key: k, issue, settings });
    assert.deepEqual(await next(), first);
    // ...and it was read, not fitted again: a kept model that answers `question` whatever the text is believed.
    writeFileSync(file, JSON.stringify({ digest: stored.digest, model: { ...stored.model, bias: [-50, -50, 50, -50] } }));
    assert.deepEqual([(await next()).type, (await next()).source], ["question", "repository"]);
    // A damaged file is fitted again (and rewritten).
    writeFileSync(file, "{not json");
    assert.deepEqual(await next(), first);
    assert.equal((JSON.parse(readFileSync(file, "utf8")) as { digest: string }).digest, stored.digest);
    // Other labelled issues (read again after a day): another digest, a new fit.
    writeFileSync(file, JSON.stringify({ digest: stored.digest, model: { ...stored.model, bias: [-50, -50, 50, -50] } }));
    github.reads.length = 0;
    const fewer = closedIssues("ouch").slice(0, 30);
    const changed = { reads: github.reads, listClosedIssues: async (max: number) => (github.reads.push(max), fewer) };
    now += LABELLED_ISSUES_MAX_AGE_MS + 1;
    const refit = await findIssueType({ log: quiet, gateway: changed, issueTypeModels: createIssueTypeModels({ dataDir: dir, clock: { now: () => now } }) }, { key: k, issue, settings });
    assert.deepEqual(github.reads, [300]);
    assert.deepEqual([refit.type, refit.source], ["bug", "repository"]);
    assert.notEqual((JSON.parse(readFileSync(file, "utf8")) as { digest: string }).digest, stored.digest);
  });

  it("encodes an adapted model as what changed from the shipped one, exactly", () => {
    const shipped = shippedIssueTypeModel();
    const examples = closedIssues("bug").map((i) => ({ features: extractIssueFeatures(i.title, i.body), label: i.labels[0] === "bug" ? ("bug" as const) : ("feature" as const) }));
    const adapted = adaptModel(shipped, examples);
    const encoded = encodeAdaptedModel(shipped, adapted);
    const decoded = decodeAdaptedModel(shipped, JSON.parse(JSON.stringify(encoded)));
    assert.ok(decoded);
    assert.deepEqual(decoded.bias, adapted.bias);
    assert.equal(decoded.weights.size, adapted.weights.size);
    for (const [b, row] of adapted.weights) assert.deepEqual(decoded.weights.get(b), row, `bucket ${b}`);
    assert.ok(Buffer.from(encoded.buckets, "base64").length / 4 < adapted.weights.size / 10, "only the touched buckets are kept");
    for (const bad of [null, 3, { ...encoded, bias: [1, 2] }, { ...encoded, weights: encoded.weights.slice(8) }, { ...encoded, buckets: 7 }]) {
      assert.equal(decodeAdaptedModel(shipped, bad), undefined, JSON.stringify(bad).slice(0, 40));
    }
  });
});
