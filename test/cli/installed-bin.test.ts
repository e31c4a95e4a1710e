import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Sqlite from "better-sqlite3";
import { after, before, describe, it } from "node:test";
import { cleanEnv, installGlobally, packedCopy, packProject, run } from "./install-package.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = join(import.meta.dirname, "../../examples/sample-issue.md");
const MODULE_LOG_HOOK = pathToFileURL(join(import.meta.dirname, "module-log.mjs")).href;

// The command as a user gets it: `npm pack`, then `npm install -g` of the tarball, then `bugscout` by its bin name.
describe("the installed bugscout command", { timeout: 300_000 }, () => {
  let work: string;
  let tarball: string;
  let bin: string;
  let env: NodeJS.ProcessEnv;
  const bugscout = (...args: string[]) => run(bin, args, { env });

  before(async () => {
    work = mkdtempSync(join(tmpdir(), "bugscout-install-"));
    tarball = await packProject(work);
    const prefix = join(work, "prefix");
    const installed = await installGlobally(tarball, prefix, work);
    assert.equal(installed.code, 0, installed.stderr);
    bin = join(prefix, "bin", "bugscout");
    // HOME in the temporary folder: the default index cache (~/.cache/bugscout) must not be the user's.
    env = cleanEnv({ HOME: join(work, "home") });
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it("ships the built CLI and no sources, tests, fixtures or datasets", async () => {
    const listing = await run("tar", ["-tzf", tarball]);
    const files = listing.stdout.trim().split("\n");
    assert.ok(files.includes("package/dist/cli-bundle/bin.js"), "the command's bundle ships");
    assert.ok(files.includes("package/dist/cli/bin.js"));
    assert.ok(files.includes("package/dist/index/symbols/symbol-extractor.js"));
    assert.ok(files.includes("package/dist/triage/index-worker.js"), "the index worker's entry ships");
    const stray = files.filter((f) => !/^package\/(dist\/.+\.js|package\.json|README\.md|app\.yml)$/.test(f));
    assert.deepEqual(stray, []);
  });

  it("is an executable link to the bundled bin with a node shebang", () => {
    accessSync(bin, constants.X_OK);
    assert.match(realpathSync(bin), /lib\/node_modules\/bugscout\/dist\/cli-bundle\/bin\.js$/);
    assert.match(readFileSync(bin, "utf8"), /^#!\/usr\/bin\/env node\n/);
  });

  it("prints its usage for --help", async () => {
    const result = await bugscout("--help");
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Usage:\n {2}bugscout index <dir>/);
    assert.match(result.stdout, /bugscout rank --repo <dir>/);
    assert.equal(result.stderr, "");
  });

  it("indexes the sample repository and ranks its buggy module first, as JSON", async () => {
    const store = join(work, "sample.sqlite");
    const indexed = await bugscout("index", SAMPLE, "--store", store);
    assert.equal(indexed.code, 0, indexed.stderr);
    assert.match(indexed.stdout, /^Indexed 13 files in \d+ ms: 13 analysed, 0 unchanged, 0 removed\.\nStore: .*sample\.sqlite\n$/);

    const ranked = await bugscout("rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--store", store, "--top", "3", "--json");
    assert.equal(ranked.code, 0, ranked.stderr);
    const ranking = JSON.parse(ranked.stdout);
    assert.equal(ranking.mode, "bm25");
    assert.equal(ranking.reason, "no embedding API key is configured");
    assert.deepEqual(ranking.files.map((f: { path: string }) => f.path).slice(0, 1), ["pantry/units.py"]);
    assert.equal(ranking.files.length, 3);
    assert.equal(ranking.files[0].evidence.symbol.qualifiedName, "convert");
  });

  it("places a trace through a checkout's committed bundle by its source map (dist/ is never indexed)", async () => {
    const fixture = join(import.meta.dirname, "../fixtures/action-bundle");
    const checkout = join(work, "pairs-action");
    for (const [from, to] of [["src/main.ts", "src/main.ts"], ["src/parse.ts", "src/parse.ts"], ["bundle/index.js", "dist/index.js"], ["bundle/index.js.map", "dist/index.js.map"]]) {
      mkdirSync(join(checkout, to, ".."), { recursive: true });
      writeFileSync(join(checkout, to), readFileSync(join(fixture, from)));
    }
    const lineOf = (path: string, needle: string) => readFileSync(join(checkout, path), "utf8").split("\n").findIndex((l) => l.includes(needle)) + 1;
    const issue = `Fails on an empty input\nError: empty input\n    at parsePairs (/home/runner/work/_actions/acme/pairs/v1/dist/index.js:${lineOf("dist/index.js", 'throw new Error("empty input")')}:11)`;
    const ranked = await bugscout("rank", "--repo", checkout, "--issue", issue, "--store", join(work, "pairs.sqlite"), "--top", "2", "--json");
    assert.equal(ranked.code, 0, ranked.stderr);
    const first = JSON.parse(ranked.stdout).files[0];
    assert.equal(first.path, "src/parse.ts");
    assert.deepEqual([first.evidence.mention.kind, first.evidence.mention.line], ["frame", lineOf("src/parse.ts", 'throw new Error("empty input")')]);
  });

  it("answers rank from a running `bugscout serve`, as rank --local does, and stops on SIGTERM", async () => {
    const store = join(work, "served.sqlite");
    const runtime = join(work, "run");
    mkdirSync(runtime, { mode: 0o700 });
    const served = { ...env, XDG_RUNTIME_DIR: runtime };
    const server = spawn(bin, ["serve", "--repo", SAMPLE, "--store", store, "--idle-minutes", "2"], { env: served, stdio: ["ignore", "ignore", "pipe"] });
    const killer = setTimeout(() => server.kill("SIGKILL"), 120_000);
    let log = "";
    server.stderr.on("data", (c: Buffer) => (log += c.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!log.includes("serving ")) {
        assert.ok(Date.now() < deadline, `the server did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const ask = (...extra: string[]) => run(bin, ["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--store", store, "--top", "3", "--json", ...extra], { env: served });
      const viaServer = await ask();
      assert.equal(viaServer.code, 0, viaServer.stderr);
      const answer = JSON.parse(viaServer.stdout);
      assert.equal(answer.served, true, "answered by the server, not by the client's own refresh");
      const local = await ask("--local");
      const mine = JSON.parse(local.stdout);
      assert.equal(mine.served, undefined);
      for (const r of [answer, mine]) {
        delete r.ms;
        delete r.served;
      }
      assert.deepEqual(answer, mine);
      assert.match(log, /ranked in \d+ ms/);
    } finally {
      server.kill("SIGTERM");
      const code = await exited;
      clearTimeout(killer); // before the check: a pending killer would hold a failed test's process for its 120 s
      assert.equal(code, 0, log);
    }
    assert.match(log, /bugscout serve: stopped\n$/);
    const after = JSON.parse((await run(bin, ["rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--store", store, "--json"], { env: served })).stdout);
    assert.equal(after.served, undefined, "with the server gone, rank answers itself");
  });

  it("indexes on worker threads from the installed package, storing what one thread stores", async () => {
    const rank = (store: string) => bugscout("rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--store", store, "--json");
    const stores = { one: join(work, "one-thread.sqlite"), two: join(work, "two-threads.sqlite") };
    const one = await run(bin, ["index", SAMPLE, "--store", stores.one], { env: { ...env, BUGSCOUT_INDEX_THREADS: "1" } });
    const two = await run(bin, ["index", SAMPLE, "--store", stores.two], { env: { ...env, BUGSCOUT_INDEX_THREADS: "2" } });
    assert.equal(two.code, 0, two.stderr);
    assert.match(two.stdout, /^Indexed 13 files in \d+ ms: 13 analysed, 0 unchanged, 0 removed\./);
    assert.equal(two.stdout.replace(/\d+ ms|two-threads/g, ""), one.stdout.replace(/\d+ ms|one-thread/g, ""));
    const [rankedOne, rankedTwo] = [await rank(stores.one), await rank(stores.two)];
    assert.equal(rankedTwo.code, 0, rankedTwo.stderr);
    const files = (out: string) => (JSON.parse(out) as { files: unknown[] }).files;
    assert.deepEqual(files(rankedTwo.stdout), files(rankedOne.stdout));
  });

  it("rejects a BUGSCOUT_INDEX_THREADS that is not a count", async () => {
    const result = await run(bin, ["index", SAMPLE, "--store", join(work, "bad-threads.sqlite")], { env: { ...env, BUGSCOUT_INDEX_THREADS: "0" } });
    assert.equal(result.code, 2);
    assert.equal(result.stderr, "bugscout: BUGSCOUT_INDEX_THREADS must be a whole number from 1 to 256, not '0'.\n");
  });

  it("loads no tree-sitter, Voyage client or other command's code for a rank on an up-to-date index", async () => {
    const store = join(work, "modules.sqlite");
    /** The package files and dependencies a run imports, e.g. `dist/cli/command-rank.js`, `web-tree-sitter`. */
    // The hook logs the main thread's imports: the cold index runs on one thread so its parsing is seen there.
    const importedBy = async (...args: string[]): Promise<string[]> => {
      const log = join(work, `modules-${args[0]}.log`);
      const result = await run(bin, args, {
        env: { ...env, BUGSCOUT_INDEX_THREADS: "1", BUGSCOUT_MODULE_LOG: log, NODE_OPTIONS: `--import=${MODULE_LOG_HOOK}` },
      });
      assert.equal(result.code, 0, result.stderr);
      assert.ok(existsSync(log), "the module log hook did not run");
      const urls = readFileSync(log, "utf8").trim().split("\n");
      return [...new Set([
        ...urls.map((u) => /lib\/node_modules\/bugscout\/(?:node_modules\/((?:@[^/]+\/)?[^/]+)|(dist\/.*))/.exec(u))
          .filter((m) => m !== null).flatMap((m) => m[1] ?? bundledModules(packedBundleMeta(work), m[2])),
        ...urls.filter((u) => u.startsWith("builtin:")),
      ])];
    };
    const cold = await importedBy("index", SAMPLE, "--store", store);
    assert.ok(cold.includes("web-tree-sitter"), `a cold index parses: ${cold.join(" ")}`);
    assert.ok(cold.includes("dist/cli/command-index.js"));
    assert.ok(cold.includes("builtin:crypto"), "a cold index hashes its files");

    const warm = await importedBy("rank", "--repo", SAMPLE, "--issue-file", ISSUE, "--store", store);
    assert.ok(warm.includes("dist/cli/command-rank.js") && warm.includes("better-sqlite3"), warm.join(" "));
    // Nor zod (the app's settings and environment schemas) or the symbol rule tables: the version is known without them.
    // Nor node:crypto (~10 ms to load): nothing is hashed or written when the index is up to date.
    const needless = warm.filter((m) =>
      /^(web-tree-sitter|voyageai|zod|builtin:crypto|dist\/embed\/.*|dist\/eval\/.*|dist\/cli\/command-(index|eval)\.js|dist\/index\/worker-blob-builder\.js|dist\/env\.js|dist\/index\/symbols\/(symbol-extractor|language-rules|rules-.*)\.js)$/.test(m));
    assert.deepEqual(needless, []);
  });

  it("keys its saved ranking index by the version of the ranking code it was bundled from", async () => {
    const store = join(work, "versioned.sqlite");
    assert.equal((await bugscout("index", SAMPLE, "--store", store)).code, 0);
    const db = new Sqlite(store, { readonly: true });
    const key = db.prepare("SELECT key FROM lexical_snapshot").pluck().get() as string;
    db.close();
    // The version baked into the bundle at build time equals the one the installed compiled files hash to.
    const installed = join(realpathSync(bin), "../../triage/load-lexical-index.js");
    const computed = await run(process.execPath, ["--input-type=module", "-e",
      `const m = await import(${JSON.stringify(pathToFileURL(installed).href)}); process.stdout.write(m.rankCodeVersion());`]);
    assert.equal(computed.code, 0, computed.stderr);
    assert.match(computed.stdout, /^[0-9a-f]{16}$/);
    assert.ok(key.endsWith(`|code-${computed.stdout}`), `${key} is not keyed by ${computed.stdout}`);
  });

  it("runs the bundle, whose chunks hold the compiled modules", async () => {
    // What `bundledModules` reads: without it the module test below would see only chunk names.
    const meta = packedBundleMeta(work);
    assert.ok(bundledModules(meta, "dist/cli-bundle/bin.js").includes("dist/cli/bin.js"));
    assert.ok(Object.keys(meta.outputs).length > 5, "lazily imported commands stay in chunks of their own");
  });

  it("check-settings prints each problem with its line and exits 1 only on one that stops BugScout", async () => {
    const checkout = join(work, "settings-checkout");
    mkdirSync(join(checkout, ".github"), { recursive: true });
    // Warnings only: lenient values are read, a number out of range is clamped with a note, a map's bad line is named.
    writeFileSync(join(checkout, ".github/bugscout.yml"), "enabled: yes\ntrigger:\n  ignore_labels: enhancement\nranking:\n  top_k: 50\n");
    writeFileSync(join(checkout, "CODEOWNERS"), "* @acme/all\n!docs/ @x\n");
    const warned = await run(bin, ["check-settings", "--repo", checkout], { env });
    assert.equal(warned.code, 0, warned.stderr);
    assert.equal(warned.stdout, [
      ".github/bugscout.yml:5: warning: ranking.top_k: out of range (1 to 20): 50 is read as 20",
      "CODEOWNERS:2: warning: line 2: GitHub does not support `!` patterns in CODEOWNERS; the line is skipped",
      "",
    ].join("\n"));
    assert.equal(warned.stderr, "bugscout: 2 warnings; BugScout runs with the rest\n");

    // From the checkout itself, no argument: a broken file stops BugScout, whatever else it says.
    writeFileSync(join(checkout, ".github/bugscout.yml"), "dry_run: true\nranking:\n  mode: [hybrid\n");
    const broken = await run(bin, ["check-settings"], { env, cwd: checkout });
    assert.equal(broken.code, 1);
    assert.match(broken.stdout, /^\.github\/bugscout\.yml:3: error: not valid YAML: /);
    assert.equal(broken.stderr, "bugscout: 1 problem stops BugScout on this repository until fixed\n");

    const unsure = join(work, "unsure.yml");
    writeFileSync(unsure, "enabled: sometimes\n");
    const unsureRun = await run(bin, ["check-settings", unsure], { env });
    assert.deepEqual([unsureRun.code, unsureRun.stdout], [1, `${unsure}:1: error: enabled: expected boolean, got string\n`]);
    const clean = join(work, "clean.yml");
    writeFileSync(clean, "enabled: off\n");
    assert.deepEqual(await run(bin, ["check-settings", clean], { env }), { code: 0, stdout: "", stderr: "bugscout: no problems\n" });
    const missing = await run(bin, ["check-settings", join(work, "nope.yml")], { env });
    assert.equal(missing.code, 2);
  });

  it("rejects an unknown command on stderr with a non-zero exit", async () => {
    const result = await bugscout("frobnicate");
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /^bugscout: Unknown command 'frobnicate'\.\nUsage:/);
  });

  it("rejects an unknown flag on stderr with a non-zero exit", async () => {
    const result = await bugscout("rank", "--repo", SAMPLE, "--frobnicate");
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /^bugscout: Unknown option '--frobnicate'/);
  });

  it("prints its usage on stderr and exits 2 when given no command", async () => {
    const result = await bugscout();
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /^Usage:\n/);
  });
});

/** esbuild's metafile of a bundle (not shipped): which compiled modules each chunk holds. */
type BundleMeta = { outputs: Record<string, { inputs: Record<string, unknown> }> };

/** The metafile of the bundle `packProject` built in `work` (its prepack build), i.e. of the packed chunks. */
function packedBundleMeta(work: string): BundleMeta {
  return JSON.parse(readFileSync(join(packedCopy(work), "dist/cli-bundle/meta.json"), "utf8"));
}

/** The compiled modules (`dist/...js`) a loaded package file stands for: itself, or a bundle chunk's inputs. */
function bundledModules(meta: BundleMeta, file: string): string[] {
  if (!file.startsWith("dist/cli-bundle/")) return [file];
  const output = meta.outputs[file];
  assert.ok(output, `${file} is not in the bundle's metafile`);
  return Object.keys(output.inputs);
}
