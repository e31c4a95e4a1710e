import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { runSource } from "../support/child-process.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const COMMIT = "e".repeat(40);

function bugscout(args: string[], home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runSource(path.join(ROOT, "src/cli/main.ts"), args, { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: home } });
}

describe("bugscout eval --history", () => {
  it("lends an earlier row's fixed file to a similar later row, and only with --history", async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), "bugscout-eval-history-"));
    t.after(() => rm(dir, { recursive: true, force: true }));
    await cp(FIXTURE, path.join(dir, "trees", COMMIT), { recursive: true });
    const row = (id: string, createdAt: string, title: string) =>
      JSON.stringify({ id, repo: "acme/shop", base_commit: COMMIT, title, body: `${title}\napply_discount runs twice on checkout`, gold_files: ["shopcart/storage/cache.py"], created_at: createdAt });
    await writeFile(path.join(dir, "rows.jsonl"), [
      row("acme__shop-2", "2024-02-01T00:00:00Z", "Discount applied twice on the total"),
      row("acme__shop-1", "2024-01-01T00:00:00Z", "Discount applied twice"),
    ].join("\n"));
    const run = (out: string, extra: string[]) => bugscout(["eval", "--dataset", path.join(dir, "rows.jsonl"), "--trees", path.join(dir, "trees"), "--out", path.join(dir, out), "--mode", "bm25", ...extra], dir);
    const firstPaths = async (out: string) => Object.fromEntries((await readFile(path.join(dir, out), "utf8")).trim().split("\n")
      .map((l) => JSON.parse(l) as { id: string; ranking: string[] }).map((r) => [r.id, r.ranking[0]]));

    const plain = await run("plain.jsonl", []);
    const history = await run("history.jsonl", ["--history-weight", "0.9"]);

    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(history.code, 0, history.stderr);
    assert.deepEqual(await firstPaths("plain.jsonl"), { "acme__shop-2": "shopcart/billing/discount.py", "acme__shop-1": "shopcart/billing/discount.py" });
    assert.deepEqual(await firstPaths("history.jsonl"), { "acme__shop-2": "shopcart/storage/cache.py", "acme__shop-1": "shopcart/billing/discount.py" },
      "the later row borrows the earlier fix; the earliest row has no history");
    assert.match(history.stdout, /\| acme\/shop \| 2 \| 0\.500 \|/);
  });
});
