// Bundles the `bugscout` command from tsc's output (`npm run build` runs it after tsc): one esbuild pass with code
// splitting, so each lazily imported command keeps chunks of its own and a warm `rank` loads ~20 files instead of
// ~90 modules (docs/benchmarks.md). Dependencies stay in node_modules. The ranking code's version, which keys the
// saved ranking index, is computed here from the same compiled files and baked into the bundle: a warm `rank` then
// reads none of them to hash them (~7 ms). The metafile says which compiled modules each chunk holds (tests read it).
import { rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const { rankCodeVersion } = await import("../dist/triage/load-lexical-index.js");
const outdir = "dist/cli-bundle";
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: ["dist/cli/bin.js"],
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  outdir,
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  metafile: true,
  logLevel: "warning",
  define: { BUGSCOUT_RANK_CODE_VERSION: JSON.stringify(rankCodeVersion()) },
});
writeFileSync(`${outdir}/meta.json`, JSON.stringify(result.metafile));
