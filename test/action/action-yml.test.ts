import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { parseActionEnv } from "../../src/action/action-env.js";

const ROOT = path.join(import.meta.dirname, "../..");

interface Step { id?: string; uses?: string; run?: string; if?: string; env?: Record<string, string>; with?: Record<string, string> }
interface ActionYml { inputs: Record<string, { default?: string }>; outputs: Record<string, { description: string; value: string }>; runs: { using: string; steps: Step[] } }

describe("action.yml", () => {
  const action = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8")) as ActionYml;
  const steps = action.runs.steps;
  const run = steps.find((s) => s.id === "run");

  it("is a composite action that builds once per cache key and runs the entry point the build writes", () => {
    assert.equal(action.runs.using, "composite");
    assert.match(run?.run ?? "", /^node "\$GITHUB_ACTION_PATH\/dist\/action\/main\.js"$/);
    const tsconfig = JSON.parse(readFileSync(path.join(ROOT, "tsconfig.build.json"), "utf8")) as { compilerOptions: { rootDir: string }; include: string[] };
    assert.deepEqual([tsconfig.compilerOptions.rootDir, tsconfig.include], ["src", ["src"]], "src/action/main.ts compiles to dist/action/main.js");
    const build = steps.find((s) => s.run?.includes("npm run build"));
    assert.equal(build?.if, "steps.build-cache.outputs.cache-hit != 'true'");
    assert.deepEqual(steps.filter((s) => s.uses?.startsWith("actions/cache")).map((s) => s.uses),
      ["actions/cache@v4", "actions/cache/restore@v4", "actions/cache/restore@v4", "actions/cache/save@v4", "actions/cache/save@v4"]);
  });

  it("passes every input to the entry point under a name it reads, and the defaults parse", () => {
    assert.deepEqual(Object.keys(action.inputs).sort(), ["budget-ms", "dry-run", "github-token", "mode", "top-k"]);
    const env = run?.env ?? {};
    for (const name of Object.keys(action.inputs)) {
      assert.equal(env[`INPUT_${name.toUpperCase().replace(/-/g, "_")}`], `\${{ inputs.${name} }}`, name);
    }
    // With every input at its default (the token stands in for ${{ github.token }}), the entry point's settings are untouched.
    const defaults = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [`INPUT_${name.toUpperCase().replace(/-/g, "_")}`, name === "github-token" ? "t" : spec.default ?? ""]));
    const parsed = parseActionEnv({ ...defaults, GITHUB_EVENT_NAME: "issues", GITHUB_EVENT_PATH: "/e.json", GITHUB_REPOSITORY: "a/b", BUGSCOUT_DATA_DIR: env.BUGSCOUT_DATA_DIR?.replace("${{ runner.temp }}", "/tmp") });
    assert.deepEqual(parsed.inputs, { dryRun: false });
    assert.equal(parsed.dataDir, "/tmp/bugscout");
  });

  it("exposes the run step's triage outputs under the same names", () => {
    assert.deepEqual(Object.keys(action.outputs), ["files", "top-file", "labels", "owners", "confidence"]);
    for (const [name, spec] of Object.entries(action.outputs)) assert.equal(spec.value, `\${{ steps.run.outputs.${name} }}`, name);
  });

  it("caches the folders the entry point writes, under keys per default-branch commit and per run", () => {
    const dataDir = run?.env?.BUGSCOUT_DATA_DIR;
    const index = steps.find((s) => s.id === "index-cache");
    assert.equal(index?.with?.path, `${dataDir}/installations`);
    assert.equal(index?.with?.key, "bugscout-index-v1-${{ github.repository }}-${{ github.sha }}");
    assert.equal(index?.with?.["restore-keys"], "bugscout-index-v1-${{ github.repository }}-");
    const saves = steps.filter((s) => s.uses === "actions/cache/save@v4");
    assert.deepEqual(saves.map((s) => s.if), [
      "steps.index-cache.outputs.cache-hit != 'true' && steps.run.outputs.index == 'present'",
      "always() && steps.run.outputs.command-history == 'saved'",
    ]);
    assert.equal(saves[1].with?.path, `${dataDir}/state`);
  });
});
