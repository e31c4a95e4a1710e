import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveImports, type GraphDoc } from "../../src/graph/resolve-imports.js";
import { detectLanguage } from "../../src/index/detect-language.js";
import type { FileLinks, SymbolInfo } from "../../src/index/types.js";

interface Spec {
  readonly imports?: readonly string[];
  readonly links?: FileLinks;
  readonly symbols?: readonly SymbolInfo[];
}

/** Resolves a tree given as path → imports and answers path → imported paths (only files with edges). */
function edges(tree: Readonly<Record<string, Spec | readonly string[]>>): Record<string, string[]> {
  const docs: GraphDoc[] = Object.entries(tree).map(([path, spec]) => {
    const s: Spec = Array.isArray(spec) ? { imports: spec } : (spec as Spec);
    return {
      path, language: detectLanguage(path), symbols: s.symbols ?? [],
      links: s.links ?? { imports: s.imports ?? [], types: [] },
    };
  });
  const out: Record<string, string[]> = {};
  resolveImports(docs).forEach((targets, d) => {
    if (targets.length > 0) out[docs[d].path] = Array.from(targets, (t) => docs[t].path);
  });
  return out;
}

test("Python: relative imports climb one package per dot; absolute ones match module paths under any source root", () => {
  assert.deepEqual(edges({
    "src/shop/__init__.py": [],
    "src/shop/cart.py": [".", ".pricing", "..shop.units", "shop.pricing.Money", "json", "os.path"],
    "src/shop/pricing.py": ["shop.units", "utils"],
    "src/shop/units.py": [],
    "src/shop/utils.py": [],
    "tools/other/utils.py": [],
    "tests/test_cart.py": ["shop.cart", "utils"],
  }), {
    "src/shop/cart.py": ["src/shop/__init__.py", "src/shop/pricing.py", "src/shop/units.py"],
    // `utils` alone is the importer's neighbour only: `tools/other/utils.py` is some other package's module.
    "src/shop/pricing.py": ["src/shop/units.py", "src/shop/utils.py"],
    "tests/test_cart.py": ["src/shop/cart.py"],
  });
});

test("JavaScript/TypeScript: extensions, index files, `.js` for `.ts`, workspace packages by their package.json name", () => {
  const pkg = (name: string, entries: string[] = []): Spec => ({ links: { imports: [], types: [], package: { name, entries, workspaces: [] } } });
  assert.deepEqual(edges({
    "package.json": pkg("root"),
    "packages/core/package.json": pkg("@acme/core", ["dist/index.js"]),
    "packages/core/src/index.ts": ["./parse.js", "./util"],
    "packages/core/src/parse.ts": ["../../../outside/x", "lodash"],
    "packages/core/src/util/index.ts": [],
    "packages/cli/package.json": pkg("acme-cli"),
    "packages/cli/src/main.ts": ["@acme/core", "@acme/core/parse", "acme-cli/missing", "react"],
  }), {
    "packages/core/src/index.ts": ["packages/core/src/parse.ts", "packages/core/src/util/index.ts"],
    "packages/cli/src/main.ts": ["packages/core/src/index.ts", "packages/core/src/parse.ts"],
  });
});

test("JavaScript/TypeScript: the nearest tsconfig's path aliases, longest prefix first, relative to its baseUrl", () => {
  const config = (baseUrl: string | undefined, paths: Record<string, string[]>): Spec =>
    ({ links: { imports: [], types: [], tsPaths: baseUrl === undefined ? { paths } : { baseUrl, paths } } });
  assert.deepEqual(edges({
    "app/tsconfig.json": config(".", { "@/*": ["src/*"], "@/ui/*": ["src/components/ui/*"], "~config": ["config/index.ts"] }),
    "app/src/main.ts": ["@/stores/cart", "@/ui/button", "~config", "@/missing"],
    "app/src/stores/cart.ts": [],
    "app/src/components/ui/button.vue": [],
    "app/config/index.ts": [],
    "lib/tsconfig.json": config(undefined, { "#internal/*": ["./internal/*"] }),
    "lib/index.ts": ["#internal/x", "@/stores/cart"],
    "lib/internal/x.ts": [],
  }), {
    "app/src/main.ts": ["app/src/stores/cart.ts", "app/src/components/ui/button.vue", "app/config/index.ts"],
    // `@/…` is app's alias, not lib's: lib's nearest config has only `#internal/*`.
    "lib/index.ts": ["lib/internal/x.ts"],
  });
});

test("JVM: classes by package path under any source root, wildcards to their folder, Kotlin top-level functions", () => {
  const fn = (name: string): SymbolInfo => ({ name, qualifiedName: name, kind: "function", startLine: 1, endLine: 2 });
  assert.deepEqual(edges({
    "core/src/main/java/com/acme/Body.java": ["com.acme.util.*", "java.util.List"],
    "core/src/main/java/com/acme/util/Strings.java": [],
    "core/src/main/java/com/acme/util/Lists.java": [],
    "app/src/main/kotlin/com/acme/App.kt": ["com.acme.Body", "com.acme.Body.Inner", "com.acme.ext.trimAll"],
    "app/src/main/kotlin/com/acme/ext/Text.kt": { symbols: [fn("trimAll")] },
    "app/src/main/kotlin/com/acme/ext/Other.kt": { symbols: [fn("other")] },
  }), {
    "core/src/main/java/com/acme/Body.java": [
      "core/src/main/java/com/acme/util/Strings.java", "core/src/main/java/com/acme/util/Lists.java"],
    "app/src/main/kotlin/com/acme/App.kt": ["core/src/main/java/com/acme/Body.java", "app/src/main/kotlin/com/acme/ext/Text.kt"],
  });
});

test("Go packages by their folder (tests beside them not imported), Rust modules, C includes, Ruby and PHP", () => {
  assert.deepEqual(edges({
    "cmd/main.go": ["fmt", "github.com/acme/tool/internal/parse"],
    "internal/parse/parse.go": [],
    "internal/parse/parse_test.go": [],
    "src/lib.rs": ["mod:net", "crate::net::http::Client", "serde::Deserialize"],
    "src/net/mod.rs": ["mod:http", "super::Config"],
    "src/net/http.rs": ["super::mod_helper", "self::inner"],
    "lib/include/acme/x.h": [],
    "lib/src/x.c": ['"acme/x.h"', "<stdio.h>"],
    "lib/src/y.c": ['"x.h"'],
    "lib/src/x.h": [],
    "app/models/user.rb": ["./concerns/named", "acme/version"],
    "app/models/concerns/named.rb": [],
    "lib/acme/version.rb": [],
    "src/Http/Client.php": ["Acme\\Http\\Request", "Psr\\Log\\LoggerInterface"],
    "src/Http/Request.php": [],
  }), {
    "cmd/main.go": ["internal/parse/parse.go"],
    "src/lib.rs": ["src/net/mod.rs", "src/net/http.rs"],
    // `super::Config` from `net/mod.rs` is an item of the crate root; `super::mod_helper` from `net/http.rs` one of `net`.
    "src/net/mod.rs": ["src/lib.rs", "src/net/http.rs"],
    "src/net/http.rs": ["src/net/mod.rs"],
    "lib/src/x.c": ["lib/include/acme/x.h"],
    "lib/src/y.c": ["lib/src/x.h"],
    "app/models/user.rb": ["app/models/concerns/named.rb", "lib/acme/version.rb"],
    "src/Http/Client.php": ["src/Http/Request.php"],
  });
});

test("Go: a go.mod's module path maps imports to folders exactly, a nested module's own imports to it", () => {
  const mod = (goModule: string): Spec => ({ links: { imports: [], types: [], goModule } });
  assert.deepEqual(edges({
    "go.mod": mod("google.golang.org/grpc"),
    "server.go": ["google.golang.org/grpc/codes", "google.golang.org/grpc/examples/helper", "github.com/other/codes"],
    "codes/codes.go": [],
    "examples/go.mod": mod("google.golang.org/grpc/examples"),
    "examples/helper/helper.go": [],
    "examples/main.go": ["google.golang.org/grpc/examples/helper"],
  }), {
    // `github.com/other/codes` is another module: only a two-segment tail could match, and none does.
    "server.go": ["codes/codes.go", "examples/helper/helper.go"],
    "examples/main.go": ["examples/helper/helper.go"],
  });
});

test("a path that climbs out of the tree, an absolute path and a specifier matching many files resolve to nothing", () => {
  assert.deepEqual(edges({
    "a.ts": ["../../etc/passwd", "/etc/passwd", "./a"],
    "x/config.h": [], "y/config.h": [], "z/config.h": [], "w/config.h": [],
    "main.c": ["<config.h>"],
  }), {});
});
