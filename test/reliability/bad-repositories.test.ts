import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { issuesOpened } from "../app/payloads.js";
import { buildTarball, type TarEntrySpec } from "../fakes/fake-github-tarball.js";
import { sharedFakeGitHub } from "./shared-fake-github.js";
import { startReliabilityApp } from "./reliability-app.js";

const SHA = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd";
const TOP = "acme-repo-cdcdcdc";

/** Paths of the numbered list in a BugScout comment, in order. */
function listedPaths(body: string): string[] {
  return [...body.matchAll(/^\d+\. \[[^\]]*\]\(https:\/\/github\.example\/[^/]+\/[^/]+\/blob\/[0-9a-f]+\/([^)#]+)/gm)].map((m) => decodeURIComponent(m[1]));
}

describe("bad repositories: a sane comment or a short 'not enough to go on', never a crash", () => {
  const github = sharedFakeGitHub();
  let next = 1;

  /** Serves `entries` as a new repository's tarball, delivers one issue and returns the comments and the logs. */
  async function triage(entries: readonly TarEntrySpec[] | undefined, issue: { title: string; body: string }) {
    const name = `repo${next++}`;
    const spec = { owner: "acme", name, installationId: 42 };
    const repo = github().addRepo({ ...spec, headSha: SHA });
    // The one-line answer below the confidence floor (silence is the default) shows what was read.
    repo.settings = "comment:\n  below_confidence: brief\n";
    if (entries) repo.tarballs.set(SHA, await buildTarball([{ name: `${TOP}/`, type: "directory" }, ...entries]));
    const app = await startReliabilityApp(github(), { octokit: "off" });
    let status: number;
    try {
      status = await app.deliver("issues", issuesOpened(spec, { number: 1, ...issue }));
    } finally {
      await app.close();
    }
    return { status, comments: (repo.comments.get(1) ?? []).map((c) => c.body), logs: app.logs, name };
  }

  it("an empty repository gets the short answer", async () => {
    const { status, comments, logs } = await triage([], { title: "Crash in the invoice total", body: "compute_total raises" });

    assert.equal(status, 200);
    assert.equal(comments.length, 1);
    assert.ok(comments[0].startsWith("<!-- bugscout -->\n\nBugScout found too little in this issue to point at files. "
      + "Maintainers: comment `/bugscout` with a file name, a symbol or a stack trace to try again.\n\n<details>"), comments[0]);
    assert.ok(!logs.some((l) => l.includes("event handling failed")));
  });

  it("a repository of only binary files gets the short answer", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
    const { comments, logs } = await triage([
      { name: `${TOP}/logo.png`, content: png },
      { name: `${TOP}/lib/native.so`, content: Buffer.alloc(4096, 0) },
      { name: `${TOP}/invoice.py`, content: Buffer.concat([Buffer.from("def compute_total():\n"), Buffer.alloc(64, 0)]) },
    ], { title: "Crash in the invoice total", body: "compute_total raises" });

    assert.match(comments[0] ?? "", /^<!-- bugscout -->\n\nBugScout found too little in this issue to point at files\./);
    assert.ok(logs.some((l) => l.includes('"msg":"snapshot downloaded"') && l.includes('"files":0')));
  });

  it("files that are not valid UTF-8 are read with replacement characters and ranked", async () => {
    const latin1 = Buffer.concat([
      Buffer.from("# Rechnung f"), Buffer.from([0xfc]), Buffer.from("r den Caf"), Buffer.from([0xe9, 0xff, 0xfe, 0xc3]),
      Buffer.from("\ndef compute_invoice_total(lines):\n    return sum(l.amount for l in lines)\n"),
    ]);
    const { comments, logs } = await triage([
      { name: `${TOP}/billing/rechnung.py`, content: latin1 },
      { name: `${TOP}/http/router.py`, content: "def dispatch(request):\n    return route(request)\n" },
    ], { title: "compute_invoice_total is wrong", body: "The invoice total ignores the last line" });

    assert.equal(listedPaths(comments[0] ?? "")[0], "billing/rechnung.py", `${comments[0]}\n${logs.join("\n")}`);
  });

  it("a gigantic file (5 MiB, over the 1 MiB cap) is skipped by its size, and the rest is ranked", async () => {
    const huge = `def compute_invoice_total():\n${"    x = 1  # padding\n".repeat(250_000)}`;
    assert.ok(huge.length > 5 * 1024 * 1024);
    const { comments, logs } = await triage([
      { name: `${TOP}/billing/generated_total.py`, content: huge },
      { name: `${TOP}/billing/invoice.py`, content: "def compute_invoice_total(lines):\n    return sum(lines)\n" },
    ], { title: "compute_invoice_total is wrong", body: "" });

    assert.deepEqual(listedPaths(comments[0] ?? ""), ["billing/invoice.py"]);
    assert.ok(logs.some((l) => l.includes('"msg":"snapshot downloaded"') && l.includes('"files":1,"bytes":56,')), "only the small file was written");
  });

  it("a large file under the cap is indexed, and its best symbol is linked", async () => {
    const functions = Array.from({ length: 8_000 }, (_, i) => `def helper_${i}(value):\n    return value + ${i}\n`);
    functions.splice(5_000, 0, "def compute_invoice_total(lines):\n    return sum(lines)\n");
    const big = functions.join("\n");
    assert.ok(big.length > 300_000 && big.length < 1024 * 1024);
    const { comments } = await triage([{ name: `${TOP}/helpers.py`, content: big }], { title: "compute_invoice_total is wrong", body: "" });

    assert.match(comments[0] ?? "", /^1\. \[helpers\\\.py\]\([^)]*#L\d+-L\d+\) — `compute_invoice_total`/m, comments[0]);
  });

  it("an empty repository on GitHub (no default branch yet) is logged, with no comment", async () => {
    const name = `repo${next++}`;
    const spec = { owner: "acme", name, installationId: 42 };
    const repo = github().addRepo({ ...spec, headSha: SHA });
    // The one-line answer below the confidence floor (silence is the default) shows what was read.
    repo.settings = "comment:\n  below_confidence: brief\n";
    repo.defaultBranch = "none-yet";
    const app = await startReliabilityApp(github(), { octokit: "off" });

    try {
      assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 1, title: "x", body: "y" })), 200);
    } finally {
      await app.close();
    }

    assert.equal(repo.comments.get(1), undefined);
    const failure = app.logs.map((l) => JSON.parse(l) as { msg: string; err?: { status?: number; message?: string } }).find((l) => l.msg === "event handling failed");
    assert.deepEqual([failure?.err?.status, failure?.err?.message], [404, "Branch not found"]);
  });
});
