import assert from "node:assert/strict";
import { test } from "node:test";
import { rankIssue } from "../../src/triage/rank-issue.js";
import { defaultSettings } from "../../src/triage/settings-schema.js";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { makeTempDir } from "../index/temp-tree.js";

/** A small Java shop: the tax calculator rounds with a `RoundingMode`; nothing has a colour theme. */
const SHOP = fileURLToPath(new URL("../fixtures/java-shop/", import.meta.url));


test("a feature request that names no code rates far below a bug report naming code, and below the confidence that answers any kind; the bug report clears the floor", async (t) => {
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, SHOP);
  const index = buildLexicalIndex(store.loadCorpus());
  const { ranking: { min_confidence: floor }, trigger: { other_types_confidence: sure } } = defaultSettings();
  const rank = (text: string) => rankIssue({ index, now: () => 0 }, { text, top: 5, mode: "bm25" });

  const darkMode = await rank("Dark mode please\n\nThe colours hurt my eyes at night…");
  // The only candidate, matched by "mode" (its RoundingMode): a ranking, but not one to comment on unasked.
  assert.equal(darkMode.files[0]?.path, "src/main/java/com/acme/shop/TaxCalculator.java");
  // Its kind (not a bug report) keeps it quiet; the ranking alone is not sure enough to answer it anyway.
  assert.ok(darkMode.confidence < sure, `dark mode: ${darkMode.confidence} should be below ${sure}`);

  const bug = await rank(
    "VAT is rounded down at checkout\n\n`TaxCalculator.taxFor` returns 1.99 for a net price of 9.99 at 20 % VAT; it should " +
      "round half up to 2.00. `RoundingMode.DOWN` looks wrong.",
  );
  assert.equal(bug.files[0]?.path, "src/main/java/com/acme/shop/TaxCalculator.java");
  assert.ok(bug.confidence >= floor, `bug report: ${bug.confidence} should be at least ${floor}`);
  assert.ok(darkMode.confidence < bug.confidence / 2, `dark mode ${darkMode.confidence} against the bug report's ${bug.confidence}`);
  assert.ok(bug.confidence <= 1);
});
