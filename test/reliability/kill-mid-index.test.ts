import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";

const CHILD = join(import.meta.dirname, "index-child.ts");

/** Writes `count` Python modules whose content depends on `variant`, so a second variant changes every file. */
function writeTree(root: string, count: number, variant: string): void {
  for (let i = 0; i < count; i++) {
    const dir = join(root, `pkg${i % 20}`);
    mkdirSync(dir, { recursive: true });
    const body = Array.from({ length: 40 }, (_, j) => `def handler_${variant}_${i}_${j}(request):\n    return request.get("${variant}${j}")\n`);
    writeFileSync(join(dir, `module_${i}.py`), `"""Module ${i} (${variant})."""\n${body.join("\n")}`);
  }
}

/**
 * Runs the child indexer and SIGKILLs it when a stdout line matches `killOn`; resolves with the lines it saw. A child
 * that never prints the line is killed after 60 s and the run rejects with what it printed.
 */
function runAndKill(root: string, store: string, killOn: RegExp): Promise<{ lines: string[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, root, store], { stdio: ["ignore", "pipe", "inherit"] });
    const lines: string[] = [];
    let buffered = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, 60_000);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        if (killOn.test(line)) child.kill("SIGKILL");
      }
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`the indexer printed no ${killOn} within 60 s:\n${lines.join("\n").slice(-4000)}`));
      else resolve({ lines, signal });
    });
  });
}

describe("a process killed in the middle of indexing", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-kill-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [moment, killOn] of [["while scanning", /^scan \d+/], ["while writing the new tree", /^apply /]] as const) {
    it(`${moment} leaves the previous index whole and usable`, async () => {
      const root = join(dir, moment.replace(/\W+/g, "-"));
      const storePath = `${root}.sqlite`;
      writeTree(root, 600, "old");
      const indexer = await createIndexer();
      const first = openIndexStore(storePath);
      await indexer.refresh(first, root);
      const before = { generation: first.generation(), files: first.loadCorpus().map((f) => `${f.path}:${f.hash}`) };
      first.close();
      indexer.dispose();

      writeTree(root, 600, "new");
      const { lines, signal } = await runAndKill(root, storePath, killOn);
      assert.equal(signal, "SIGKILL", `child was not killed; it printed: ${lines.join(" | ")}`);
      assert.ok(!lines.includes("finished"));

      const reopened = openIndexStore(storePath);
      const again = await createIndexer();
      try {
        assert.equal(reopened.generation(), before.generation);
        assert.deepEqual(reopened.loadCorpus().map((f) => `${f.path}:${f.hash}`), before.files);
        const report = await again.refresh(reopened, root);
        // Contents the killed run stored ahead of its tree are kept and reused (content-addressed, built under the
        // same versions); the rest is analysed now. The result is exactly a fresh index of the new tree.
        assert.equal(report.files, 600);
        assert.ok(report.analyzed <= 600);
        assert.equal(reopened.generation(), before.generation + 1);
        const fresh = openIndexStore(`${root}.fresh.sqlite`);
        try {
          assert.equal((await again.refresh(fresh, root)).analyzed, 600);
          const corpus = (store: typeof fresh) => store.loadCorpus().map((f) => ({ ...f, analysis: Buffer.from(f.analysis).toString("base64") }));
          assert.deepEqual(corpus(reopened), corpus(fresh));
        } finally {
          fresh.close();
        }
      } finally {
        reopened.close();
        again.dispose();
      }
    });
  }
});
