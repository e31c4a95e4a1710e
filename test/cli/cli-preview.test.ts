import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { captureIo } from "./capture-io.js";
import { main } from "../../src/cli/main.js";
import { sameCommentContent } from "../../src/triage/render-comment.js";
import { startTestApp } from "../app/app-harness.js";
import { issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { closeAll } from "../support/close-all.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/app-repo");
const REPO = { owner: "acme", name: "shop", installationId: 64 };
const ENV = { github: { serverUrl: "https://github.example" } };
const BUG = { title: "Invoice total is negative", body: "The invoice total goes negative when a discount is applied to the cart." };
const VAGUE = { title: "Add dark mode", body: "It would be nice to have a dark theme for the shop." };

describe("bugscout triage --issue-file: the App's comment for a checkout, and whether the App posts it", () => {
  let dir: string;
  let checkout: string;
  let head: string;
  let github: FakeGitHub;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-preview-"));
    checkout = join(dir, "shop");
    cpSync(FIXTURE, checkout, { recursive: true });
    const git = (...args: string[]) => execFileSync("git", ["-C", checkout, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { timeout: 20_000, encoding: "utf8" }).trim();
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "fixture");
    git("remote", "add", "origin", "git@github.com:acme/shop.git");
    head = git("rev-parse", "HEAD");
    github = await startFakeGitHub();
  });
  after(() => closeAll(() => github?.closeAndCheck(), () => rmSync(dir, { recursive: true, force: true })));

  async function preview(issue: { title: string; body: string }, extra: string[] = []) {
    const file = join(dir, `issue-${Math.random().toString(36).slice(2)}.md`);
    writeFileSync(file, `${issue.title}\n\n${issue.body}\n`);
    const run = captureIo();
    const code = await main(["triage", "--issue-file", file, "--repo", checkout, "--store-dir", join(dir, "store"), ...extra], run.io, ENV);
    assert.equal(code, 0, run.err.join("\n"));
    return run;
  }

  it("prints the comment the App posts on the same commit, byte for byte but the ranking time", async () => {
    const repo = github.addRepo({ ...REPO, headSha: head });
    repo.tarballs.set(head, await tarballFromDirectory(FIXTURE, `acme-shop-${head.slice(0, 7)}`));
    const app = await startTestApp(github, { realIndex: true });
    try {
      assert.equal(await app.deliver("issues", issuesOpened(REPO, { number: 1, ...BUG })), 200);
    } finally {
      await app.close();
    }
    const posted = repo.comments.get(1)?.[0]?.body ?? "";
    assert.match(posted, /invoice\.py/);

    const run = await preview(BUG);
    const markdown = `${run.out.join("\n")}\n`;
    assert.ok(sameCommentContent(posted, markdown), `app:\n${posted}\npreview:\n${markdown}`);
    assert.match(run.err.at(-1) ?? "", /^bugscout: the App would post this comment by itself: .*confidence 0\.\d\d, floor 0\.15$/);
    // The type is said once, in the decision line: no progress line carries a bare log message without its fields.
    assert.deepEqual(run.err.filter((l) => /^bugscout: issue type$/.test(l)), []);
  });

  it("prints the ranking even where the App stays quiet, and says why; --json carries the decision and the type", async () => {
    const quiet = await preview(VAGUE);
    const shown = quiet.out.join("\n");
    assert.match(shown, /^<!-- bugscout -->\n\n\*\*BugScout\*\*: (the file|\d files) most likely to need a change:\n\n1\. /);
    assert.match(shown, / · type feature \(model\) · /);
    assert.match(quiet.err.at(-1) ?? "", /^bugscout: the App would not post this by itself \(a feature request \(classifier, 0\.\d\d\): trigger\.types answers bug reports by itself, other kinds when they name the first file at confidence 0\.50 \(this one 0\.\d\d, names none\)\); a maintainer's \/bugscout gets it$/);

    const json = await preview(VAGUE, ["--json"]);
    const answer = JSON.parse(json.out[0] ?? "");
    assert.deepEqual(Object.keys(answer).sort(), ["comment", "confidence", "files", "issue_type", "labels", "markdown", "mode", "owners", "reason"]);
    assert.equal(answer.comment, false);
    assert.deepEqual([answer.issue_type.type, answer.issue_type.source], ["feature", "model"]);
    assert.equal(answer.markdown.replace(/ranked in \d+ ms/, ""), `${shown}\n`.replace(/ranked in \d+ ms/, ""));

    // A bug label beats the classifier: then the confidence decides (here against a floor of 0.9).
    const strict = join(dir, "strict.yml");
    writeFileSync(strict, "ranking:\n  min_confidence: 0.9\n");
    const labelled = JSON.parse((await preview(VAGUE, ["--json", "--label", "bug", "--settings", strict])).out[0] ?? "");
    assert.deepEqual([labelled.issue_type.type, labelled.issue_type.source], ["bug", "label"]);
    assert.equal(labelled.comment, false);
    assert.match(labelled.reason, /^a bug report \(its label\): confidence 0\.\d\d, floor 0\.90, below the floor$/);

    // Another settings file: feature requests answered, no floor.
    const settings = join(dir, "bugscout.yml");
    writeFileSync(settings, "trigger:\n  types: [bug, feature]\nranking:\n  min_confidence: 0\n");
    const answered = JSON.parse((await preview(VAGUE, ["--json", "--settings", settings])).out[0] ?? "");
    assert.equal(answered.comment, true);
    assert.match(answered.reason, /^a feature request \(classifier, 0\.\d\d\): confidence 0\.\d\d, floor 0\.00$/);
  });

  it("reads the checkout's own issue forms, as the App reads the default branch's", async () => {
    const report = {
      title: "Discount per customer on the invoice",
      body: "### What did you do?\n\nGave a customer a discount and opened their invoice.\n\n### What did you see?\n\nThe invoice shows the discount of another customer.\n\n### Shop version\n\n1.2.0",
    };
    const before = JSON.parse((await preview(report, ["--json"])).out[0] ?? "");
    assert.notEqual(before.issue_type.type, "bug");
    const withForm = join(dir, "shop-with-form");
    cpSync(checkout, withForm, { recursive: true });
    mkdirSync(join(withForm, ".github", "ISSUE_TEMPLATE"), { recursive: true });
    writeFileSync(
      join(withForm, ".github", "ISSUE_TEMPLATE", "problem.yml"),
      "name: Report a problem\nbody:\n  - type: textarea\n    attributes:\n      label: What did you do?\n  - type: textarea\n    attributes:\n      label: What did you see?\n  - type: input\n    attributes:\n      label: Shop version\n",
    );
    const file = join(dir, "form-report.md");
    writeFileSync(file, `${report.title}\n\n${report.body}\n`);
    const run = captureIo();
    assert.equal(await main(["triage", "--issue-file", file, "--repo", withForm, "--store-dir", join(dir, "store-form"), "--json"], run.io, ENV), 0, run.err.join("\n"));
    const after = JSON.parse(run.out[0] ?? "");
    assert.deepEqual([after.issue_type.type, after.issue_type.source], ["bug", "template"]);
  });

  it("refuses a missing issue file or checkout in one line", async () => {
    const run = captureIo();
    assert.equal(await main(["triage", "--issue-file", join(dir, "nope.md"), "--repo", checkout], run.io, ENV), 2);
    assert.deepEqual(run.err, [`bugscout: Cannot read the issue file: ${join(dir, "nope.md")}`]);
    const noRepo = captureIo();
    assert.equal(await main(["triage", "--issue-file", join(dir, "nope.md"), "--repo", join(dir, "absent")], noRepo.io, ENV), 2);
    assert.match(noRepo.err[0] ?? "", /Repository directory not found/);
  });
});
