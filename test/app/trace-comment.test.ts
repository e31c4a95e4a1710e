import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, it } from "node:test";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { issuesOpened } from "./payloads.js";

/** A payments service (Go) and a shop package (Python), with a CODEOWNERS naming several owners per folder. */
const FIXTURE = path.join(import.meta.dirname, "../fixtures/trace-repo");
const ISSUES = path.join(import.meta.dirname, "../fixtures/trace-issues");
const SHA = "6565656565656565656565656565656565656565";
const REPO = { owner: "acme", name: "payments", installationId: 65 };

/** A fixture issue: its first line is the title. */
function readIssue(name: string): { title: string; body: string } {
  const text = readFileSync(path.join(ISSUES, name), "utf8");
  const cut = text.indexOf("\n");
  return { title: text.slice(0, cut), body: text.slice(cut + 1) };
}

/** The numbered file lines of a BugScout comment. */
function fileLines(body: string): string[] {
  return body.split("\n").filter((line) => /^\d+\. \[/.test(line));
}

/** The words after `matches` on a file line. */
function matchedWords(line: string): string[] {
  return [...(line.match(/ · matches (.*?)(?: · |$)/)?.[1] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

describe("the comment on a stack trace, through the App with the real index and ranker", () => {
  const gh = appHarness({
    repo: { ...REPO, headSha: SHA },
    tarball: () => tarballFromDirectory(FIXTURE, "acme-payments-6565656"),
    app: { realIndex: true },
  });
  beforeEach(() => {
    gh.repo.files.set(".github/CODEOWNERS", readFileSync(path.join(FIXTURE, ".github/CODEOWNERS"), "utf8"));
  });

  async function commentOn(number: number, issue: { title: string; body: string }): Promise<string> {
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { number, ...issue })), 200);
    const comments = gh.repo.comments.get(number) ?? [];
    assert.equal(comments.length, 1, gh.app.logs.filter((l) => l.includes('"level":50')).join("\n"));
    return comments[0].body;
  }

  it("a Go panic leads with the file that panicked, not main; the frame is quoted in the repository's terms", async () => {
    const body = await commentOn(1, readIssue("go-panic.md"));
    const lines = fileLines(body);
    assert.match(lines[0] ?? "", /^1\. \[refunds\/refund\\\.go\]/, body);
    assert.match(lines[0], / · stack frame `refunds\/refund\.go:49 in Refund`/);
    assert.doesNotMatch(body, /\/home\/ci|\+0x/, "no path or offset of the reporter's machine");
    for (const line of lines) {
      const words = matchedWords(line);
      assert.deepEqual(words.filter((w) => ["com", "github", "self"].includes(w)), [], `noise among ${words.join(", ")}`);
    }
    assert.ok(body.includes("\n\nCode owners (`.github/CODEOWNERS`): `@carol`, `@dave`\n\n"), "two owners of the leading file");
  });

  it("a traceback through an installed copy quotes the repository's path, one frame per file, no filler words", async () => {
    const body = await commentOn(2, readIssue("python-installed.md"));
    const lines = fileLines(body);
    assert.match(lines[0] ?? "", /^1\. \[python\/shop\/pricing\\\.py\]/, body);
    assert.match(lines[0], / · stack frame `python\/shop\/pricing\.py:10 in apply_discount`/);
    assert.doesNotMatch(body, /site-packages|\/srv\/|venv/, "nothing of the reporter's machine");
    for (const line of lines) assert.ok((line.match(/stack frame/g) ?? []).length <= 1, line);
    const filler = ["something", "help", "work", "many", "since", "after", "users", "run", "used", "cannot"];
    for (const line of lines) {
      const words = matchedWords(line);
      assert.deepEqual(words.filter((w) => filler.includes(w)), [], `filler among ${words.join(", ")}`);
    }
    assert.ok(body.includes("\n\nCode owners (`.github/CODEOWNERS`): `@alice`, `@bob`\n\n"), body);
  });

  it("names more owners of the leading file when `max_owners` says so, and only that file's", async () => {
    gh.repo.settings = "max_owners: 5\n";
    const body = await commentOn(3, readIssue("go-panic.md"));
    assert.ok(body.includes("\n\nCode owners (`.github/CODEOWNERS`): `@carol`, `@dave`, `@erin`\n\n"), body);
    assert.doesNotMatch(body, /@frank|@grace/, "not the owners of main.go, which only started the work");
  });
});
