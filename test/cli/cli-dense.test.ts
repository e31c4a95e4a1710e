import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { captureIo } from "./capture-io.js";
import { main } from "../../src/cli/main.js";
import { deadVoyageUrl, startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = join(import.meta.dirname, "../../examples/sample-issue.md");
const KEY = "pa-test-key-0123456789";

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

  it("ranks dense through a bugscout serve started with the key; a client without one ranks itself", async () => {
    const env = { voyage: { apiKey: KEY, baseUrl: voyage.baseUrl } };
    const store = join(dir, "served.sqlite");
    const runtime = join(dir, "run");
    mkdirSync(runtime, { mode: 0o700 });
    const savedRuntime = process.env.XDG_RUNTIME_DIR;
    process.env.XDG_RUNTIME_DIR = runtime;
    const server = captureIo();
    const serving = main(["serve", "--repo", SAMPLE, "--store", store], server.io, env);
    try {
      const deadline = Date.now() + 60_000;
      while (!server.err.some((l) => l.includes("serving "))) {
        assert.ok(Date.now() < deadline, `the server did not start: ${server.err.join("\n")}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const withKey = captureIo();
      assert.equal(await main(["rank", "--repo", SAMPLE, "--issue", "unit_family convert grams kilograms", "--store", store, "--mode", "dense", "--json", "--top", "3"], withKey.io, env), 0);
      const served = JSON.parse(withKey.out[0]);
      assert.equal(served.served, true);
      assert.equal(served.mode, "dense");
      assert.equal(served.files[0].path, "pantry/units.py");
      const withoutKey = captureIo();
      assert.equal(await main(["rank", "--repo", SAMPLE, "--issue", "unit_family convert grams kilograms", "--store", store, "--json", "--top", "3"], withoutKey.io, {}), 0);
      const local = JSON.parse(withoutKey.out[0]);
      assert.equal(local.served, undefined, "a client without the key is refused and ranks itself, in BM25");
      assert.equal(local.mode, "bm25");
      assert.ok(server.err.some((l) => l.includes("differ in having an embedding key")));
      assert.ok(!server.err.join("\n").includes(KEY));
    } finally {
      // The server stops on SIGTERM; emitted to its listener, not delivered to this test process.
      process.emit("SIGTERM", "SIGTERM");
      assert.equal(await serving, 0, server.err.join("\n"));
      if (savedRuntime === undefined) delete process.env.XDG_RUNTIME_DIR;
      else process.env.XDG_RUNTIME_DIR = savedRuntime;
    }
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
