import assert from "node:assert/strict";
import { test } from "node:test";
import { isDeclarationModule } from "../../src/rank/signals/declaration-modules.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { indexFixtureTree } from "./indexed-fixture-tree.js";

// Issue 24: modules that hold no behaviour — a type module and a barrel — known by what they declare.

const TREE = {
  "src/index.ts": `export * from "./config";\nexport * from "./watcher";\nexport { resolveConfig } from "./resolve-config";\n`,
  "src/config.ts": `/** Options of the watcher. */
export interface WatcherConfig {
  /** The watch option: re-run when a file changes. */
  watch: boolean;
  /** Files the watcher ignores. */
  ignore: string[];
}
export interface ResolvedConfig extends WatcherConfig {
  root: string;
}
`,
  "src/resolve-config.ts": `import type { ResolvedConfig, WatcherConfig } from "./config";
const DEFAULT_CONFIG: WatcherConfig = { watch: true, ignore: [] };
/** Merges the user config over the defaults. */
export function resolveConfig(user: Partial<WatcherConfig>, root: string): ResolvedConfig {
  return { ...user, ...DEFAULT_CONFIG, root };
}
`,
  "src/watcher.ts": `import type { ResolvedConfig } from "./config";
export function startWatcher(config: ResolvedConfig) {
  return config.watch ? "watching" : "idle";
}
`,
  "src/cli.ts": `import { resolveConfig } from "./resolve-config";
export function main(argv: string[]) {
  const watch = argv.includes("--watch");
  return resolveConfig({ watch }, process.cwd());
}
`,
};

const ISSUE = "Config `watch` option is overridden by the default value\nSetting `watch: false` in the config has no effect: the watcher config always has watch enabled.";

test("a type module and a barrel are declaration modules; code, even an index with code, is not", async (t) => {
  const { index } = await indexFixtureTree(t, {
    ...TREE,
    "api/index.js": `const { resolveConfig } = require("../src/resolve-config");\nmodule.exports = async (req, res) => {\n  res.send(resolveConfig({}, "/"));\n};\n` + "// handler\n".repeat(20),
  });
  const flag = (path: string) => isDeclarationModule(index, index.files.findIndex((f) => f.path === path));
  assert.equal(flag("src/config.ts"), true, "interfaces only");
  assert.equal(flag("src/index.ts"), true, "re-exports only");
  assert.equal(flag("src/resolve-config.ts"), false);
  assert.equal(flag("api/index.js"), false, "an index whose body is an anonymous handler is code");
});

test("the options interface no longer outranks the code that applies the options", async (t) => {
  const { index } = await indexFixtureTree(t, TREE);
  const without = rankLexical(index, ISSUE, { declarationModules: 1 }).map((f) => f.path);
  const withDemotion = rankLexical(index, ISSUE).map((f) => f.path);
  assert.equal(without[0], "src/config.ts", "the fixture's type module wins on words alone");
  assert.equal(withDemotion[0], "src/resolve-config.ts");
  assert.ok(withDemotion.indexOf("src/index.ts") > withDemotion.indexOf("src/watcher.ts"));
});
