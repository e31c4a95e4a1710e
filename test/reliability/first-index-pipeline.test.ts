import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { issuesOpened } from "../app/payloads.js";
import { buildTarball, type TarEntrySpec } from "../fakes/fake-github-tarball.js";
import { sharedFakeGitHub } from "./shared-fake-github.js";
import { startReliabilityApp, type ReliabilityAppOptions } from "./reliability-app.js";

const SHA = "abababababababababababababababababababab";
const TOP = "acme-repo-abababa";
const ISSUE = { number: 1, title: "Invoice totals ignore the discount", body: "`apply_discount` is never called by compute_invoice_total in billing" };

/** Enough modules for several batches of offered files, and the one the issue is about. */
function entries(): TarEntrySpec[] {
  const out: TarEntrySpec[] = [{ name: `${TOP}/`, type: "directory" }];
  for (let i = 0; i < 300; i++) {
    out.push({ name: `${TOP}/pkg${i % 7}/module_${i}.py`, content: `def handler_${i}(request):\n    return request.get("key_${i}")\n` });
  }
  out.push({ name: `${TOP}/billing/invoice.py`, content: "def apply_discount(total, rate):\n    return total * (1 - rate)\n\n" +
    "def compute_invoice_total(lines):\n    return sum(line.amount for line in lines)\n" });
  out.push({ name: `${TOP}/docs/notes.txt`, content: "Invoices are computed in billing.\n" });
  return out;
}

/** Every file under `dir`, relative. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => [])) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else out.push(rel);
  }
  return out;
}

describe("the first index of a repository: files parsed as they download, held in memory", () => {
  const github = sharedFakeGitHub();
  let next = 1;

  /** A new repository serving `tarball`, one issue delivered to a fresh app; the comment, the logs, the files left. */
  async function triage(tarball: Buffer, options: ReliabilityAppOptions, again?: Buffer) {
    const spec = { owner: "acme", name: `repo${next++}`, installationId: 42 };
    const repo = github().addRepo({ ...spec, headSha: SHA });
    repo.tarballs.set(SHA, tarball);
    const app = await startReliabilityApp(github(), { octokit: "off", ...options });
    try {
      await app.deliver("issues", issuesOpened(spec, ISSUE));
      if (again) {
        repo.tarballs.set(SHA, again);
        await app.deliver("issues", issuesOpened(spec, ISSUE));
      }
      const left = (await filesUnder(app.dataDir)).filter((f) => f.includes(".snapshot/"));
      return { comments: (repo.comments.get(1) ?? []).map((c) => c.body), logs: app.logs, left };
    } finally {
      await app.close();
    }
  }

  it("worker threads fed from the download post the comment one thread posts, and leave no snapshot on disk", async () => {
    const tarball = await buildTarball(entries());

    const one = await triage(tarball, { indexThreads: 1 });
    const two = await triage(tarball, { indexThreads: 2 });
    const spilled = await triage(tarball, { indexThreads: 2, limits: { memoryBytes: 4096 } });

    assert.equal(one.comments.length, 1, one.logs.join("\n"));
    assert.match(one.comments[0], /billing\/invoice\.py/);
    assert.deepEqual(two.comments, one.comments.map((c) => c.replaceAll("repo1", "repo2")));
    assert.deepEqual(spilled.comments, one.comments.map((c) => c.replaceAll("repo1", "repo3")), "files past the memory allowance are read from disk");
    for (const run of [one, two, spilled]) assert.deepEqual(run.left, [], "the snapshot is dropped once indexed");
  });

  it("a download cut off while its files are being parsed fails that delivery only; the next one comments", async () => {
    const good = await buildTarball(entries());
    const cut = good.subarray(0, Math.floor(good.length * 0.6));

    const run = await triage(cut, { indexThreads: 2 }, good);

    assert.ok(run.logs.some((l) => l.includes("event handling failed") && l.includes("could not read the repository archive")), run.logs.join("\n"));
    assert.equal(run.comments.length, 1);
    assert.match(run.comments[0], /billing\/invoice\.py/);
    assert.deepEqual(run.left, []);
  });
});
