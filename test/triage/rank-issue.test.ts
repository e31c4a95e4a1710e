import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import type { RankedFile } from "../../src/rank/types.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { createLexicalIndexCache } from "../../src/triage/lexical-index-cache.js";
import { buildPathFilter, rankIssue, type DenseRanker } from "../../src/triage/rank-issue.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = "convert grams to kilograms multiplies instead of dividing";
const now = () => 0;

describe("rankIssue", () => {
  let dir: string;
  let index: LexicalIndex;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-rank-issue-"));
    const store = openIndexStore(join(dir, "s.sqlite"));
    const indexer = await createIndexer();
    await indexer.refresh(store, SAMPLE);
    index = createLexicalIndexCache().get(store);
    store.close();
    indexer.dispose();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("ranks lexically without a dense ranker and says why", async () => {
    const ranking = await rankIssue({ index, now }, { text: ISSUE, top: 2, mode: "auto" });
    assert.deepEqual(ranking.files.map((f) => f.path), ["pantry/units.py", "pantry/shopping.py"]);
    assert.equal(ranking.reason, "no embedding API key is configured");
  });

  it("keeps the top files among the allowed paths only", async () => {
    const web = await rankIssue({ index, now }, { text: `${ISSUE} stock quantity`, top: 3, mode: "bm25", include: ["web/"] });
    assert.ok(web.files.length > 0 && web.files.every((f) => f.path.startsWith("web/")), JSON.stringify(web.files));
    const noUnits = await rankIssue({ index, now }, { text: ISSUE, top: 2, mode: "bm25", exclude: ["pantry/units.py"] });
    assert.equal(noUnits.files[0].path, "pantry/shopping.py");
    assert.ok(noUnits.files.every((f) => f.path !== "pantry/units.py"));
  });

  it("answers an issue with nothing to rank with an empty ranking and the reason", async () => {
    for (const text of [" ?! \n ", "a1 ✓ — «»", "ab"]) {
      const ranking = await rankIssue({ index, now }, { text, top: 5, mode: "auto" });
      assert.deepEqual(ranking.files, [], text);
      assert.equal(ranking.reason, "the issue has no text to rank with");
    }
    // Three letters of any script are enough to try.
    for (const text of ["abc", "数量单", "ab ü"]) {
      const ranking = await rankIssue({ index, now }, { text, top: 5, mode: "bm25" });
      assert.notEqual(ranking.reason, "the issue has no text to rank with", text);
    }
  });

  it("hands the dense ranker the request, the lexical fallback and the path filter, and cuts to top", async () => {
    const calls: { allowed: boolean[]; lexical: readonly RankedFile[] }[] = [];
    const dense: DenseRanker = async (request, lexical, allow) => {
      calls.push({ allowed: [allow("web/src/api-client.ts"), allow("pantry/units.py")], lexical: lexical() });
      return { mode: "hybrid", reason: "test", files: [...lexical(), ...lexical()], ms: 1 };
    };
    const ranking = await rankIssue({ index, dense, now }, { text: ISSUE, top: 2, mode: "auto", exclude: ["web/"] });
    assert.equal(ranking.mode, "hybrid");
    assert.equal(ranking.files.length, 2);
    assert.deepEqual(calls[0].allowed, [false, true]);
    assert.equal(calls[0].lexical[0].path, "pantry/units.py");
    assert.ok(calls[0].lexical.length > 2, "fusion gets a deeper lexical list than top");
    const bm25 = await rankIssue({ index, dense, now }, { text: ISSUE, top: 2, mode: "bm25" });
    assert.equal(bm25.reason, "BM25 was requested");
    assert.equal(calls.length, 1);
  });

  it("builds no filter when nothing narrows the paths", () => {
    assert.equal(buildPathFilter([], ["  "]), undefined);
    const filter = buildPathFilter(["src/**"], ["src/vendor/"]);
    assert.deepEqual(["src/a.ts", "src/vendor/b.ts", "lib/c.ts"].map((p) => filter!(p)), [true, false, false]);
  });
});
