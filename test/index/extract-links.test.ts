import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expandBraces, headName } from "../../src/index/symbols/collect-links.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { FileLinks, Language } from "../../src/index/types.js";

// Each language's import forms and type relations, as the code graph (issue 22) reads them: one parse per file
// gives symbols and links together, and the links keep the language's own syntax until the tree resolves them.

let extractor: SymbolExtractor;
before(async () => {
  extractor = await createSymbolExtractor();
});
after(() => extractor.dispose());

function links(language: Language, source: string): FileLinks {
  return extractor.outline(source, language).links;
}

const supers = (l: FileLinks): string[] => l.types.map((t) => `${t.name}@${t.line}<${t.supers.join(",")}`);

test("Python: plain, aliased, relative and function-local imports; bases without keyword arguments", () => {
  const l = links("python", `import os.path, a.b as c
from . import x
from ..pkg.mod import (Y, Z as W)
def f():
    from django.db.models import Q
class A(B, mod.C, metaclass=M):
    pass
`);
  assert.deepEqual(l.imports, ["os.path", "a.b", ".", ".x", "..pkg.mod", "..pkg.mod.Y", "..pkg.mod.Z", "django.db.models", "django.db.models.Q"]);
  assert.deepEqual(supers(l), ["A@6<B,C"]);
});

test("Java and Kotlin: single, static and wildcard imports; extends, implements and delegation", () => {
  const java = links("java", `package com.x;
import com.foo.Bar;
import static com.foo.Util.f;
import com.foo.*;
public class A<T> extends Base<T> implements I1, com.z.I2<T> { }
interface J extends K, L {}
`);
  assert.deepEqual(java.imports, ["com.foo.Bar", "com.foo.Util.f", "com.foo.*"]);
  assert.deepEqual(supers(java), ["A@5<Base,I1,I2", "J@6<K,L"]);
  const kotlin = links("kotlin", `package com.x
import com.foo.Bar
import com.foo.*
import com.foo.baz as q
class A : Base(), I1, I2<T> by d {}
object O : P()
`);
  assert.deepEqual(kotlin.imports, ["com.foo.Bar", "com.foo.*", "com.foo.baz"]);
  assert.deepEqual(supers(kotlin), ["A@5<Base,I1,I2", "O@6<P"]);
});

test("Go, Rust, C++: import paths, mod declarations and use trees, includes; embedding, trait impls, bases", () => {
  const go = links("go", `package p
import "fmt"
import (
  x "github.com/a/b/c"
)
type S struct { Base; n int }
`);
  assert.deepEqual(go.imports, ["fmt", "github.com/a/b/c"]);
  assert.deepEqual(supers(go), ["S@6<Base"]);
  const rust = links("rust", `mod foo;
pub mod bar { }
use crate::a::b::{C, d::{self, E}};
use super::x::Y as Z;
impl Display for Point { }
impl<T> Foo<T> { }
`);
  assert.deepEqual(rust.imports, ["mod:foo", "crate::a::b::C", "crate::a::b::d", "crate::a::b::d::E", "super::x::Y"]);
  assert.deepEqual(supers(rust), ["Point@5<Display"]);
  const cpp = links("cpp", `#include "foo/bar.h"
#include <vector>
class A : public B, private ns::C<int> {};
`);
  assert.deepEqual(cpp.imports, ['"foo/bar.h"', "<vector>"]);
  assert.deepEqual(supers(cpp), ["A@3<B,C"]);
});

test("JavaScript and TypeScript: import, re-export, require and import(); other calls' strings are not imports", () => {
  const ts = links("typescript", `import x, { y } from "./x";
import type { T } from '../t/index';
export * from "./barrel";
export { z as w } from "@scope/pkg/sub";
const q = require("./q");
foo("./not-an-import");
const l = await import("./lazy");
class A extends B implements I, J {}
interface K extends L, M {}
`);
  assert.deepEqual(ts.imports, ["./x", "../t/index", "./barrel", "@scope/pkg/sub", "./q", "./lazy"]);
  assert.deepEqual(supers(ts), ["A@8<B,I,J", "K@9<L,M"]);
  const js = links("javascript", `const a = require("./a"), b = require(name);\nclass X extends mod.Y {}\n`);
  assert.deepEqual(js.imports, ["./a"]);
  assert.deepEqual(supers(js), ["X@2<Y"]);
});

test("Ruby and PHP: require_relative is relative; use groups expand; superclasses and interfaces", () => {
  const ruby = links("ruby", `require_relative "x/y"\nrequire "a/b"\nclass A < B::C\nend\n`);
  assert.deepEqual(ruby.imports, ["./x/y", "a/b"]);
  assert.deepEqual(supers(ruby), ["A@3<C"]);
  const php = links("php", `<?php\nnamespace App;\nuse A\\B\\C;\nuse D\\{E, F};\nclass X extends Y implements Z, W {}\n`);
  assert.deepEqual(php.imports, ["A\\B\\C", "D\\E", "D\\F"]);
  assert.deepEqual(supers(php), ["X@5<Y,Z,W"]);
});

test("a package.json's name, entries and workspaces; other JSON and broken JSON have none", () => {
  const manifest = links("json", JSON.stringify({
    name: "@scope/utils", version: "1.0.0", main: "dist/index.js",
    exports: { ".": { import: "./src/index.ts", require: "./dist/index.cjs" }, "./sub": "./sub.js" },
    workspaces: ["packages/*"],
  }));
  assert.deepEqual(manifest.package, {
    name: "@scope/utils", entries: ["dist/index.js", "./src/index.ts", "./dist/index.cjs"], workspaces: ["packages/*"],
  });
  assert.equal(links("json", `{"name": "not a package", "color": "red"}`).package, undefined);
  assert.equal(links("json", `{"name": "x", "version": `).package, undefined);
});

test("a tsconfig's path aliases, read the way TypeScript reads it: comments and trailing commas allowed", () => {
  const config = `{
  // the app's aliases
  "compilerOptions": {
    "baseUrl": ".", /* relative to this file */
    "paths": { "@/*": ["src/*"], "docs": ["https://example.com/not//a/comment"], },
  },
}`;
  assert.deepEqual(links("json", config).tsPaths, { baseUrl: ".", paths: { "@/*": ["src/*"], docs: ["https://example.com/not//a/comment"] } });
  assert.equal(links("json", `{"compilerOptions": {"strict": true}}`).tsPaths, undefined);
});

test("a tsconfig's build: outDir with rootDir, else the one folder include names; none without outDir", () => {
  assert.deepEqual(links("json", `{"compilerOptions": {"outDir": "./build/cjs", "rootDir": "./source", // built here
  }}`).builds, [{ outDir: "./build/cjs", rootDir: "./source" }]);
  assert.deepEqual(links("json", `{"compilerOptions": {"outDir": "lib"}, "include": ["src/**/*", "src/*.ts"]}`).builds,
    [{ outDir: "lib", rootDir: "src" }]);
  assert.deepEqual(links("json", `{"compilerOptions": {"outDir": "lib"}, "include": ["src", "test"]}`).builds, [{ outDir: "lib" }],
    "several folders: the compiler takes their common root");
  const both = links("json", `{"compilerOptions": {"outDir": "dist", "paths": {"@/*": ["src/*"]}}}`);
  assert.deepEqual([both.tsPaths, both.builds], [{ paths: { "@/*": ["src/*"] } }, [{ outDir: "dist" }]]);
  assert.equal(links("json", `{"compilerOptions": {"strict": true}}`).builds, undefined);
});

test("a package.json's build scripts: tsc, babel, swc, tsup and esbuild however started; anything else is none", () => {
  const manifest = links("json", JSON.stringify({
    name: "acme", version: "1.0.0",
    scripts: {
      build: "rimraf lib && npx tsc -p tsconfig.build.json --outDir lib --rootDir ./source",
      "build:esm": "cross-env BABEL_ENV=esm babel --config-file ./babel.esm.js src --out-dir es --extensions .ts,.tsx",
      "build:swc": "swc ./src -d dist-swc",
      bundle: "tsup src/index.ts --format cjs -d bundle && esbuild src/cli.ts --bundle --outdir=bin",
      lint: "eslint src --fix", copy: "cp -r src/assets $OUT_DIR", glob: "babel 'src/**' -d lib2",
    },
  }));
  assert.deepEqual(manifest.builds, [
    { outDir: "lib", rootDir: "./source" }, { outDir: "es", rootDir: "src" }, { outDir: "dist-swc", rootDir: "./src" },
    { outDir: "bundle", rootDir: "src" }, { outDir: "bin", rootDir: "src" }, { outDir: "lib2" },
  ]);
  assert.equal(manifest.package?.name, "acme", "the package is still read");
  const entries = links("json", JSON.stringify({
    name: "entries", version: "1.0.0", main: "./build/index.cjs", types: "./build/index.d.ts", source: "source/index.ts",
    exports: { ".": { import: "./build/esm/index.mjs", require: "./build/index.cjs" } },
  }));
  assert.deepEqual(entries.builds, [{ outDir: "build", rootDir: "source" }, { outDir: "build/esm", rootDir: "source" }],
    "built entries beside a source entry of the same name; the declaration file is neither");
  assert.equal(links("json", JSON.stringify({ name: "x", version: "1.0.0", scripts: { test: "node --test" } })).builds, undefined);
});

test("a go.mod's module path; a text without a go version line has none", () => {
  assert.equal(links("text", "module google.golang.org/grpc\n\ngo 1.21\n\nrequire (\n)\n").goModule, "google.golang.org/grpc");
  assert.equal(links("text", "module x\n").goModule, undefined);
});

test("a file that does not parse as its language keeps its symbols' fallback and has no links", () => {
  assert.deepEqual(links("markdown", "import x from './y'\n"), { imports: [], types: [] });
});

test("type names and brace expansion", () => {
  assert.equal(headName("com.x.Base<T>"), "Base");
  assert.equal(headName("ns::C<int>"), "C");
  assert.equal(headName("*Base"), "Base");
  assert.equal(headName("I2<T> by d"), "I2");
  assert.equal(headName("'a"), undefined);
  assert.deepEqual(expandBraces("a::{b, c::{d, e}}", "::"), ["a::b", "a::c::d", "a::c::e"]);
  assert.deepEqual(expandBraces("D\\{E, F}", "\\"), ["D\\E", "D\\F"]);
});
