import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { main } from "../../src/cli/main.js";
import { captureIo } from "./capture-io.js";
import { createProgressReporter } from "../../src/cli/progress.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = join(import.meta.dirname, "../../examples/sample-issue.md");

describe("bugscout CLI", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-cli-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("prints the usage on stdout and exits 0 for --help after a command", async () => {
    for (const argv of [["rank", "--help"], ["triage", "-h"], ["eval", "--dataset", "x", "--help"]]) {
      const { io, out, err } = captureIo();
      assert.equal(await main(argv, io), 0, argv.join(" "));
      assert.match(out.join("\n"), /^Usage:\n  bugscout index/, argv.join(" "));
      assert.deepEqual(err, []);
    }
  });

  it("ranks the sample repository with the buggy module first and its function as evidence", async () => {
    const { io, out, err } = captureIo();
    const code = await main(["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--top", "3", "--json", "--store", join(dir, "a.sqlite")], io);
    assert.equal(code, 0, err.join("\n"));
    const ranking = JSON.parse(out.join(""));
    assert.equal(ranking.mode, "bm25");
    assert.equal(ranking.reason, "no embedding API key is configured");
    assert.equal(ranking.files.length, 3);
    assert.equal(ranking.files[0].path, "pantry/units.py");
    assert.equal(ranking.files[0].evidence.symbol.qualifiedName, "convert");
    assert.ok(ranking.files[0].evidence.terms.includes("convert"));
    assert.ok(ranking.files[0].score > ranking.files[1].score);
    // How sure the ranking is of its first file, a probability: the issue names the module's function.
    assert.ok(ranking.confidence > 0.5 && ranking.confidence <= 1, String(ranking.confidence));
  });

  it("prints a readable ranking with the mode and why", async () => {
    const { io, out } = captureIo();
    await main(["rank", "--repo", SAMPLE, "--issue", "convert grams to kilograms is wrong", "--store", join(dir, "b.sqlite")], io);
    assert.match(out[0], /^ 1\. pantry\/units\.py {2}\(score \d+\.\d{3}\)$/);
    assert.match(out.at(-1)!, /^mode: bm25 \(no embedding API key is configured\); \d+ ms$/);
  });

  it("lists the top symbols across files with --symbols, as text and as JSON, the first the first file's pointer", async () => {
    const store = join(dir, "symbols.sqlite");
    const files = captureIo();
    await main(["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--json", "--store", store], files.io);
    const first = JSON.parse(files.out.join("")).files[0];
    const json = captureIo();
    assert.equal(await main(["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--symbols", "--top", "4", "--json", "--store", store], json.io), 0, json.err.join("\n"));
    const { symbols } = JSON.parse(json.out.join("")) as { symbols: { path: string; qualifiedName: string; startLine: number; fileRank: number; evidence: { terms: string[] } }[] };
    assert.equal(symbols.length, 4);
    assert.deepEqual([symbols[0].path, symbols[0].qualifiedName, symbols[0].startLine], [first.path, first.evidence.symbol.qualifiedName, first.evidence.symbol.startLine]);
    assert.equal(symbols[0].fileRank, 1);
    assert.ok(symbols[0].evidence.terms.length > 0);
    const text = captureIo();
    await main(["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--symbols", "--top", "4", "--store", store], text.io);
    assert.match(text.out[0], /^ 1\. pantry\/units\.py:\d+-\d+ {2}function convert {2}\(score 1\.000, file #1\)$/);
    assert.match(text.out.at(-1)!, /^symbols ranked lexically; \d+ ms$/);
  });

  it("re-indexes only what changed", async () => {
    const repo = join(dir, "copy");
    cpSync(SAMPLE, repo, { recursive: true });
    const store = join(dir, "c.sqlite");
    const first = captureIo();
    await main(["index", repo, "--store", store, "--json"], first.io);
    const cold = JSON.parse(first.out[0]);
    assert.equal(cold.analyzed, cold.files);
    writeFileSync(join(repo, "pantry", "units.py"), "def convert(q, a, b):\n    return q\n");
    const second = captureIo();
    await main(["index", repo, "--store", store, "--json"], second.io);
    const warm = JSON.parse(second.out[0]);
    assert.deepEqual([warm.files, warm.analyzed, warm.reused], [cold.files, 1, cold.files - 1]);
  });

  it("explains a missing directory, a missing or empty issue, and conflicting issue flags", async () => {
    const cases: [string[], RegExp][] = [
      [["rank", "--repo", join(dir, "nope"), "--issue", "x y z"], /Repository directory not found/],
      [["rank", "--repo", SAMPLE, "--issue", "   "], /issue text is empty/],
      [["rank", "--repo", SAMPLE], /No issue given/],
      [["rank", "--repo", SAMPLE, "--issue", "a", "--issue-file", ISSUE], /either --issue/],
      [["rank", "--repo", SAMPLE, "--issue-file", join(dir, "missing.md")], /Cannot read the issue file/],
      [["rank", "--repo", SAMPLE, "--issue", "abc", "--top", "many"], /--top takes a whole number/],
      [["rank", "--repo", SAMPLE, "--issue", "abc", "--mode", "magic"], /--mode takes one of/],
      [["frobnicate"], /Unknown command 'frobnicate'/],
    ];
    for (const [argv, message] of cases) {
      const { io, out, err } = captureIo();
      const code = await main(argv, io);
      assert.equal(code, 2, argv.join(" "));
      assert.match(err.join("\n"), message);
      assert.deepEqual(out, []);
    }
  });

  it("refuses an unreadable index with a clear message and leaves the file alone", async () => {
    const store = join(dir, "corrupt.sqlite");
    const junk = "this is not a database, just text that happens to be long enough ".repeat(100);
    writeFileSync(store, junk);
    const { io, err } = captureIo();
    const code = await main(["rank", "--repo", SAMPLE, "--issue", "convert units", "--store", store], io);
    assert.equal(code, 3);
    assert.match(err.join("\n"), /corrupt\.sqlite/);
    assert.equal(readFileSync(store, "utf8"), junk);
  });

  it("keeps progress off pipes and draws it on a terminal", () => {
    const writes: string[] = [];
    const pipe = { isTTY: false, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream;
    const silent = createProgressReporter(pipe);
    silent.update("indexing", 5, 10);
    silent.done();
    assert.equal(writes.length, 0);
    const tty = { isTTY: true, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream;
    let t = 0;
    const shown = createProgressReporter(tty, () => (t += 1000));
    shown.update("indexing", 5, 10);
    shown.done();
    assert.deepEqual(writes, ["\r\x1b[2Kindexing 5/10 (50%)", "\r\x1b[2K"]);
  });
});
