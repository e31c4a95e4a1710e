import assert from "node:assert/strict";
import { test } from "node:test";
import { createSymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { Language } from "../../src/index/types.js";

const SAMPLES: readonly [Language, string][] = [
  ["python", "import os\n\nclass Scale(Base):\n    def weigh(self, grams):\n        return grams / 1000\n"],
  ["go", "package units\n\nimport \"fmt\"\n\ntype Weight struct{ Grams int }\n\nfunc (w Weight) Kg() { fmt.Println(w) }\n"],
  ["vue", "<template><p>{{ kg }}</p></template>\n<script setup lang=\"ts\">\nimport { ref } from \"vue\";\nfunction reset() {}\n</script>\n"],
  ["markdown", "# Units\n\nGrams to kilograms.\n"],
];

test("grammars loaded on demand give the same outlines as grammars loaded up front", async (t) => {
  const eager = await createSymbolExtractor();
  const lazy = await createSymbolExtractor({ grammarsOnDemand: true });
  t.after(() => {
    eager.dispose();
    lazy.dispose();
  });
  assert.equal(lazy.version, eager.version);
  for (const [language] of SAMPLES) assert.equal(lazy.parses(language), eager.parses(language), language);

  await lazy.prepare(SAMPLES.map(([language]) => language));
  for (const [language, text] of SAMPLES) {
    const outline = lazy.outline(text, language);
    assert.deepEqual(outline, eager.outline(text, language), language);
    if (language !== "markdown") assert.notEqual(outline.symbols[0]?.kind, "window", `${language} was not parsed`);
  }
});

test("an on-demand extractor refuses a parsed language it was not prepared for, rather than storing windows", async (t) => {
  const lazy = await createSymbolExtractor({ grammarsOnDemand: true });
  t.after(() => lazy.dispose());
  await lazy.prepare(["python"]);
  assert.throws(() => lazy.outline("package main\n\nfunc main() {}\n", "go"), /the go grammar is not loaded/);
  assert.throws(() => lazy.outline("<script>\nfunction f() {}\n</script>\n", "svelte"), /the javascript grammar is not loaded/);
  // Languages without a grammar need no preparing.
  assert.equal(lazy.outline("# Title\n", "markdown").symbols[0].kind, "window");
});
