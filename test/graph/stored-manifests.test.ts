import assert from "node:assert/strict";
import { test } from "node:test";
import type { LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { indexFixtureTree } from "../rank/indexed-fixture-tree.js";

// A go.mod's module path and a tsconfig's path aliases are links with no imports of their own: the store must keep
// them (it once kept only contents with imports, types or a package), or the graph resolves without them.

const importsOf = (index: LexicalIndex, path: string): string[] => {
  const file = index.files.findIndex((f) => f.path === path);
  assert.ok(file >= 0, path);
  return [...index.graph.importsOf(file)].map((d) => index.files[d].path).sort();
};

test("through the real store, Go imports resolve by the go.mod's module path to the exact folder", async (t) => {
  const { index } = await indexFixtureTree(t, {
    "go.mod": "module github.com/acme/tool\n\ngo 1.21\n",
    "cmd/main.go": `package main\n\nimport "github.com/acme/tool/internal/parse"\n\nfunc main() { parse.Run() }\n`,
    "internal/parse/run.go": "package parse\n\n// Run parses.\nfunc Run() {}\n",
    // Another folder with the same tail: the module path says it is not the one imported.
    "examples/internal/parse/run.go": "package parse\n\n// Run parses the example.\nfunc Run() {}\n",
  });
  assert.deepEqual(importsOf(index, "cmd/main.go"), ["internal/parse/run.go"]);
});

test("through the real store, TypeScript imports resolve through the tsconfig's path aliases", async (t) => {
  const { index } = await indexFixtureTree(t, {
    "tsconfig.json": `{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } } }`,
    "src/app.ts": `import { slugify } from "@lib/strings";\n\nexport const title = slugify("Hello World");\n`,
    "src/lib/strings.ts": "export function slugify(text: string): string {\n  return text.toLowerCase();\n}\n",
  });
  assert.deepEqual(importsOf(index, "src/app.ts"), ["src/lib/strings.ts"]);
});
