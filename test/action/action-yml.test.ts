import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { parseActionEnv } from "../../src/action/action-env.js";
import { actionNodeMajor, pinnedActionNodeVersion } from "../../scripts/action-node.js";

const ROOT = path.join(import.meta.dirname, "../..");

interface ActionYml {
  inputs: Record<string, { default?: string; description?: string }>;
  outputs: Record<string, { description: string; value?: string }>;
  runs: { using: string; main: string; post?: string; steps?: unknown };
}

describe("action.yml", () => {
  const action = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8")) as ActionYml;

  it("is a node24 JavaScript action running the entry points `npm run build:action` writes (no install, no build step)", () => {
    assert.equal(action.runs.using, "node24");
    // The Node the build compiles the SQLite addon for and the test runs the Action on is the one runs.using names.
    assert.equal(Number(pinnedActionNodeVersion().split(".")[0]), actionNodeMajor());
    assert.equal(actionNodeMajor("runs:\n  using: node22\n"), 22);
    assert.throws(() => actionNodeMajor("runs:\n  using: composite\n"), /runs\.using is "composite", not a node<major> runtime/);
    assert.equal(action.runs.steps, undefined);
    assert.deepEqual([action.runs.main, action.runs.post], ["dist-action/main.js", "dist-action/post.js"]);
    const script = readFileSync(path.join(ROOT, "scripts/build-action.mjs"), "utf8");
    assert.match(script, /out: \{ type: "string", default: "dist-action" \}/);
    assert.match(script, /entryPoints: \{ main: "src\/action\/main\.ts", post: "src\/action\/post\.ts", /);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    assert.equal(pkg.scripts["build:action"], "node --import tsx scripts/build-action.mjs");
  });

  it("names inputs the entry point reads as the runner passes them (INPUT_<NAME>), and the defaults change no setting", () => {
    assert.deepEqual(Object.keys(action.inputs).sort(), ["budget-ms", "dry-run", "github-token", "mode", "top-k"]);
    // A node action gets `INPUT_` + the upper-cased name, dashes kept; the github-token default stands for ${{ github.token }}.
    const env = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [`INPUT_${name.toUpperCase()}`, name === "github-token" ? "t" : spec.default ?? ""]));
    const parsed = parseActionEnv({ ...env, GITHUB_EVENT_NAME: "issues", GITHUB_EVENT_PATH: "/e.json", GITHUB_REPOSITORY: "a/b", RUNNER_TEMP: "/runner/temp" });
    assert.equal(action.inputs["github-token"]?.default, "${{ github.token }}");
    assert.equal(parsed.token, "t");
    assert.deepEqual(parsed.inputs, { dryRun: false });
    assert.equal(parsed.dataDir, "/runner/temp/bugscout", "the data dir the caches keep is under RUNNER_TEMP");
  });

  it("declares the triage outputs the entry point writes to GITHUB_OUTPUT (a node action's outputs carry no value)", () => {
    assert.deepEqual(Object.keys(action.outputs), ["files", "top-file", "labels", "owners", "confidence", "issue-type", "comment"]);
    for (const [name, spec] of Object.entries(action.outputs)) {
      assert.ok(spec.description.length > 0, name);
      assert.equal(spec.value, undefined, name);
    }
    const written = readFileSync(path.join(ROOT, "src/action/triage-outputs.ts"), "utf8");
    for (const name of Object.keys(action.outputs)) assert.ok(written.includes(`"${name}"`) || written.includes(`${name}:`), `triage-outputs.ts writes ${name}`);
  });
});
