import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { CliIo } from "../../src/cli/cli-io.js";
import { main } from "../../src/cli/main.js";
import { deadVoyageUrl, startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = join(import.meta.dirname, "../../examples/sample-issue.md");
const KEY = "pa-test-key-0123456789";

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), progress: { update() {}, done() {} } };
  return { io, out, err };
}

describe("bugscout CLI with an embedding key (real voyageai client, fake Voyage server)", () => {
  let dir: string;
  let voyage: FakeVoyage;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-cli-dense-"));
    voyage = await startFakeVoyage({ apiKey: KEY });
  });
  after(async () => {
    await voyage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("embeds on index, ranks dense when warm, and embeds nothing twice", async () => {
    const env = { voyage: { apiKey: KEY, baseUrl: voyage.baseUrl } };
    const store = join(dir, "warm.sqlite");
    const indexed = captureIo();
    assert.equal(await main(["index", SAMPLE, "--store", store, "--json"], indexed.io, env), 0, indexed.err.join("\n"));
    const report = JSON.parse(indexed.out[0]);
    assert.equal(report.embedding.outcome, "done");
    assert.ok(report.embedding.embedded > 10, `embedded ${report.embedding.embedded}`);
    const documentsAfterIndex = voyage.requests.filter((r) => r.inputType === "document").length;

    const ranked = captureIo();
    assert.equal(await main(["rank", "--repo", SAMPLE, "--issue", "unit_family convert grams kilograms", "--store", store, "--mode", "dense", "--json", "--top", "3"], ranked.io, env), 0);
    const ranking = JSON.parse(ranked.out[0]);
    assert.equal(ranking.mode, "dense");
    assert.equal(ranking.files[0].path, "pantry/units.py", JSON.stringify(ranking.files));
    assert.ok(ranking.files[0].evidence.similarity > ranking.files[1].evidence.similarity);

    const again = captureIo();
    await main(["index", SAMPLE, "--store", store, "--json"], again.io, env);
    assert.equal(JSON.parse(again.out[0]).embedding.embedded, 0);
    assert.equal(voyage.requests.filter((r) => r.inputType === "document").length, documentsAfterIndex);
  });

  it("falls back to BM25 with the reason when the service is dead, and never prints the key", async () => {
    const env = { voyage: { apiKey: KEY, baseUrl: await deadVoyageUrl() } };
    const { io, out, err } = captureIo();
    const code = await main(["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--store", join(dir, "dead.sqlite"), "--mode", "dense", "--json"], io, env);
    assert.equal(code, 0, err.join("\n"));
    const ranking = JSON.parse(out[0]);
    assert.equal(ranking.mode, "bm25");
    assert.notEqual(ranking.reason, "no embedding API key is configured");
    assert.equal(ranking.files[0].path, "pantry/units.py");
    assert.ok(!out.join("").includes(KEY) && !err.join("").includes(KEY));
  });
});
