import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runSource } from "../support/child-process.js";

const ROOT = join(import.meta.dirname, "../..");
/** A payments service (Go) and a shop package (Python), with a CODEOWNERS naming several owners per folder. */
const FIXTURE = join(ROOT, "test/fixtures/trace-repo");
const ISSUES = join(ROOT, "test/fixtures/trace-issues");

/**
 * Everyday English a reporter writes around a trace (the fixture issues hold each of these): none of it is a reason
 * a maintainer can act on, so none may appear among a file's matched words.
 */
const FILLER = ["something", "help", "work", "many", "since", "after", "users", "run", "used", "cannot", "upgrade", "please", "instead", "nightly", "path"];

interface Preview {
  comment: boolean;
  owners: string[];
  markdown: string;
}

/** The numbered file lines of a BugScout comment. */
function fileLines(markdown: string): string[] {
  return markdown.split("\n").filter((line) => /^\d+\. \[/.test(line));
}

/** The words after `matches` on a file line. */
function matchedWords(line: string): string[] {
  return [...(line.match(/ · matches (.*?)(?: · |$)/)?.[1] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
}

// The local preview a maintainer runs (`bugscout triage --issue-file F --repo DIR`), as its own process: the checks
// of issue 65 on the comment the App would post for a reporter's stack trace.
describe("bugscout triage --issue-file on stack traces: the comment a maintainer would write", () => {
  let dir: string;
  let checkout: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-trace-preview-"));
    checkout = join(dir, "payments");
    cpSync(FIXTURE, checkout, { recursive: true });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function preview(issue: string): Promise<Preview> {
    const args = ["triage", "--issue-file", join(ISSUES, issue), "--repo", checkout, "--store-dir", join(dir, "store"), "--json"];
    const run = await runSource(join(ROOT, "src/cli/main.ts"), args, { cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir }, timeoutMs: 90_000 });
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout) as Preview;
  }

  function assertNoFiller(markdown: string): void {
    for (const line of fileLines(markdown)) {
      const words = matchedWords(line);
      assert.deepEqual(words.filter((w) => FILLER.includes(w)), [], `filler among ${words.join(", ")}`);
    }
  }

  it("a Go panic leads with the file that panicked, quoted as the repository's path and line, and its two owners", async () => {
    const { markdown, owners, comment } = await preview("go-panic.md");
    const lines = fileLines(markdown);
    assert.match(lines[0] ?? "", /^1\. \[refunds\/refund\\\.go\]/, markdown);
    assert.match(lines[0] ?? "", / · stack frame `refunds\/refund\.go:49 in Refund`/);
    assert.ok(lines.findIndex((l) => l.includes("cmd/paymentsd/main.go")) !== 0, "main, which only started the work, is not first");
    assert.doesNotMatch(markdown, /\/home\/ci|\+0x|goroutine/, "nothing of the reporter's machine");
    assert.deepEqual(owners, ["@carol", "@dave"], "at most two owners, of the leading file only");
    assert.ok(markdown.includes("\n\nCode owners (`.github/CODEOWNERS`): `@carol`, `@dave`\n\n"));
    assertNoFiller(markdown);
    assert.equal(comment, true, "a panic with its frame is a comment the App posts by itself");
  });

  it("a traceback through an installed copy quotes python/shop/pricing.py, no site-packages or /srv text, one frame per file", async () => {
    const { markdown, owners } = await preview("python-installed.md");
    const lines = fileLines(markdown);
    assert.match(lines[0] ?? "", /^1\. \[python\/shop\/pricing\\\.py\]/, markdown);
    assert.match(lines[0] ?? "", / · stack frame `python\/shop\/pricing\.py:10 in apply_discount`/);
    assert.doesNotMatch(markdown, /site-packages|\/srv\/|venv|python3\.11/, "nothing of the reporter's machine");
    for (const line of lines) assert.ok((line.match(/stack frame/g) ?? []).length <= 1, line);
    assert.ok(owners.length <= 2, owners.join(", "));
    assert.deepEqual(owners, ["@alice", "@bob"]);
    assertNoFiller(markdown);
  });
});
