import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import Sqlite from "better-sqlite3";
import { deferSymbolExtractor } from "../../src/index/symbols/defer-symbol-extractor.js";
import { createSymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { createLexicalIndexCache } from "../../src/triage/lexical-index-cache.js";
import { rankIssue } from "../../src/triage/rank-issue.js";
import { makeTempDir, writeTree, type TreeSpec } from "./temp-tree.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = readFileSync(join(import.meta.dirname, "../../examples/sample-issue.md"), "utf8");

/**
 * Modules in many languages, enough for several walk batches (250 files) and many worker requests: the sample
 * repository's Python and TypeScript plus generated Python, JavaScript, TypeScript, TSX, Vue, Go, Java, Kotlin,
 * Rust, C, C++, C#, Ruby, PHP, Markdown, JSON manifests, YAML, a go.mod, CRLF and BOM files, invalid UTF-8, and the
 * same content at paths far apart in the walk (stored once, built once).
 */
function generatedTree(): TreeSpec {
  const spec: TreeSpec = {};
  for (let i = 0; i < 40; i++) {
    const n = String(i).padStart(2, "0");
    spec[`py/pkg${i % 4}/unit_${n}.py`] = `from pantry.units import convert\nimport os.path\n\nclass Scale${n}(Base):\n` +
      `    """Weighs item ${n} in grams."""\n    def weigh(self, grams):\n        return convert(grams, "kg") / ${i + 1}\n\n` +
      `def helper_${n}(value):\n    return [Scale${n}().weigh(v) for v in value]\n`;
    spec[`js/lib/stock-${n}.js`] = `import { table } from "./table.js";\nexport class Stock${n} extends Model {\n` +
      `  render() { return table(this.rows, ${i}); }\n}\nexport function count${n}(rows) { return rows.length; }\n`;
    spec[`ts/src/api-${n}.ts`] = `import type { Client } from "../client";\nexport interface Reply${n} { grams: number }\n` +
      `export class Api${n} implements Client {\n  async fetch(): Promise<Reply${n}> { return { grams: ${i} }; }\n}\n`;
    spec[`ts/src/view-${n}.tsx`] = `import React from "react";\nexport function View${n}(props: { kg: number }) {\n` +
      `  return <div className="view">{props.kg * ${i}}</div>;\n}\n`;
    spec[`web/components/Row${n}.vue`] = `<template><tr>{{ kg }}</tr></template>\n<script setup lang="ts">\n` +
      `import { ref } from "vue";\nconst kg = ref(${i});\nfunction reset${n}() { kg.value = 0; }\n</script>\n`;
    spec[`go/units/u${n}.go`] = `package units\n\nimport "fmt"\n\ntype Weight${n} struct{ Grams int }\n\n` +
      `func (w Weight${n}) Kilograms() float64 { return float64(w.Grams) / 1000 }\n\nfunc Print${n}() { fmt.Println(${i}) }\n`;
    spec[`java/src/com/acme/Unit${n}.java`] = `package com.acme;\n\nimport java.util.List;\n\n` +
      `public class Unit${n} extends Base implements Convert {\n  public double kilograms(int grams) { return grams / 1000.0; }\n}\n`;
    spec[`kotlin/Unit${n}.kt`] = `package acme\n\nclass Unit${n} : Base() {\n  fun kilograms(grams: Int) = grams / 1000.0\n}\n`;
    spec[`rust/src/unit_${n}.rs`] = `use crate::units::Convert;\n\npub struct Unit${n} { grams: u32 }\n\n` +
      `impl Convert for Unit${n} {\n    fn kilograms(&self) -> f64 { self.grams as f64 / 1000.0 }\n}\n`;
    spec[`c/unit_${n}.c`] = `#include "units.h"\n#include <stdio.h>\n\nstruct unit_${n} { int grams; };\n\n` +
      `double unit_${n}_kg(struct unit_${n} *u) { return u->grams / 1000.0; }\n`;
    spec[`cpp/unit_${n}.cpp`] = `#include "units.hpp"\n\nnamespace acme {\nclass Unit${n} : public Base {\n public:\n` +
      `  double kilograms() const { return grams_ / 1000.0; }\n private:\n  int grams_ = ${i};\n};\n}\n`;
    spec[`cs/Unit${n}.cs`] = `using System;\n\nnamespace Acme {\n  public class Unit${n} : Base {\n` +
      `    public double Kilograms(int grams) => grams / 1000.0;\n  }\n}\n`;
    spec[`rb/unit_${n}.rb`] = `require "units"\n\nclass Unit${n} < Base\n  def kilograms(grams)\n    grams / 1000.0\n  end\nend\n`;
    spec[`php/Unit${n}.php`] = `<?php\nnamespace Acme;\n\nuse Acme\\Base;\n\nclass Unit${n} extends Base {\n` +
      `  public function kilograms($grams) { return $grams / 1000; }\n}\n`;
    spec[`docs/unit-${n}.md`] = `# Unit ${n}\n\nConverts grams to kilograms.\n\n## Usage\n\nCall \`kilograms\` with grams.\n`;
    spec[`packages/p${n}/package.json`] = JSON.stringify({ name: `@acme/p${n}`, main: "index.js", exports: { ".": "./index.js" } });
    spec[`config/unit-${n}.yaml`] = `unit: ${n}\nfactor: 1000\n`;
    // CRLF line ends and a byte-order mark are normalised before parsing; a stray latin-1 byte becomes U+FFFD.
    spec[`crlf/unit_${n}.py`] = `def crlf_${n}():\r\n    return ${i}\r\n`;
    spec[`bom/unit_${n}.py`] = `\ufeffdef bom_${n}():\n    return ${i}\n`;
    spec[`latin/unit_${n}.py`] = Buffer.concat([Buffer.from(`# caf`), Buffer.from([0xe9]), Buffer.from(`\ndef latin_${n}(): pass\n`)]);
  }
  spec["go.mod"] = "module github.com/acme/units\n\ngo 1.22\n";
  // The same content near the start and the end of the walk.
  spec["aaa/first.py"] = "def shared_content():\n    return 'same bytes'\n";
  spec["zzz/last.py"] = "def shared_content():\n    return 'same bytes'\n";
  return spec;
}

/** Every row of the index tables, in storage order, with the analyses as bytes. */
function dumpStore(path: string): Record<string, unknown[]> {
  const db = new Sqlite(path, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      blobs: all("SELECT rowid, hash, language, size, line_count, analysis FROM blobs ORDER BY rowid"),
      symbols: all("SELECT * FROM symbols ORDER BY hash, ord"),
      links: all("SELECT * FROM links ORDER BY hash"),
      // Not the stat fingerprints: a file is fingerprinted once it is a few seconds old, which these fresh files
      // become between the two runs.
      files: all("SELECT path, hash FROM files ORDER BY path"),
      meta: all("SELECT * FROM meta WHERE key <> 'indexed_at' ORDER BY key"),
    };
  } finally {
    db.close();
  }
}

/** Every file under `dir`, tree path → bytes. */
function readFiles(dir: string, prefix = ""): [string, Uint8Array][] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return readFiles(dir, rel);
    return entry.isFile() ? [[rel, readFileSync(join(dir, rel))] as [string, Uint8Array]] : [];
  });
}

/**
 * Indexes `root` on `threads` threads. `warm`: the indexer is warmed first, as the app does while a snapshot
 * downloads; `offer`: and every file is offered to it beforehand, in reverse order, with a file the tree does not
 * have and one under a folder the walk prunes, as a download would (contents it built early are then reused).
 */
async function indexWith(t: TestContext, root: string, threads: number, warm: "no" | "warm" | "offer" = "no") {
  const path = join(makeTempDir(t, "bugscout-store-"), "index.sqlite");
  const store = openIndexStore(path);
  t.after(() => store.close());
  // Counts loads of the calling thread's grammars: with workers, the new contents must be built elsewhere.
  let mainThreadLoads = 0;
  const extractor = deferSymbolExtractor({}, (options) => {
    mainThreadLoads++;
    return createSymbolExtractor(options);
  });
  const indexer = await createIndexer(extractor, { threads });
  t.after(() => indexer.dispose());
  const prefetch = warm === "no" ? undefined : indexer.warm();
  if (warm === "offer") {
    assert.ok(prefetch, "a warmed pool takes offers");
    for (const [path, bytes] of [...readFiles(root), ["gone/old.py", Buffer.from("def gone():\n    pass\n")] as const,
      ["node_modules/x/index.js", Buffer.from("export const x = 1;\n")] as const].reverse()) prefetch.offer(path, bytes);
  }
  const report = await indexer.refresh(store, root, prefetch ? { prefetch } : {});
  const ranking = await rankIssue({ index: createLexicalIndexCache().get(store), now: () => 0 }, { text: ISSUE, top: 20, mode: "bm25" });
  return { path, report, ranking, mainThreadLoads };
}

test("worker threads store the same blobs, symbols, links and analyses, and rank the same, as one thread", async (t) => {
  const root = join(makeTempDir(t, "bugscout-tree-"), "repo");
  cpSync(SAMPLE, root, { recursive: true });
  writeTree(root, generatedTree());

  const one = await indexWith(t, root, 1);
  const three = await indexWith(t, root, 3, "warm");
  const offered = await indexWith(t, root, 2, "offer");

  assert.equal(one.mainThreadLoads, 1);
  assert.equal(three.mainThreadLoads, 0, "the three-thread run parsed on the calling thread");
  assert.ok(one.report.analyzed > 800, `only ${one.report.analyzed} contents analysed: too few for several batches`);
  assert.deepEqual({ ...three.report, ms: 0 }, { ...one.report, ms: 0 });

  assert.equal(offered.mainThreadLoads, 0);
  assert.deepEqual({ ...offered.report, ms: 0 }, { ...one.report, ms: 0 });

  const expected = dumpStore(one.path);
  const actual = dumpStore(three.path);
  const prefetched = dumpStore(offered.path);
  for (const table of Object.keys(expected)) {
    assert.ok(expected[table].length > 0, `${table} is empty`);
    assert.deepEqual(actual[table], expected[table], `${table} differs`);
    assert.deepEqual(prefetched[table], expected[table], `${table} differs when built from offered files`);
  }
  // Parsed languages have definitions, not line windows, and links: the workers loaded their grammars.
  const kinds = new Set((actual.symbols as { kind: string }[]).map((s) => s.kind));
  for (const kind of ["class", "method", "function", "struct"]) assert.ok(kinds.has(kind), `no ${kind} symbols`);
  assert.ok(actual.links.length > 500, `only ${actual.links.length} contents with links`);

  assert.deepEqual(three.ranking, one.ranking);
  assert.deepEqual(offered.ranking, one.ranking);
  // A real ranking, not an empty one: the sample's buggy module stays in the top two above the generated lookalikes
  // (its many importers lift the shopping list, which calls it).
  assert.equal(one.ranking.files.length, 20);
  const top = one.ranking.files.map((f) => f.path);
  assert.ok(top.slice(0, 2).includes("pantry/units.py"), top.join(" "));
});
