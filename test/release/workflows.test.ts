import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { data, Evaluator, Lexer, Parser } from "@actions/expressions";
import { NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { parseAction } from "@actions/workflow-parser/actions/index";
import { parse } from "yaml";
import { actionNodeMajor } from "../../scripts/action-node.js";

const ROOT = path.join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const WORKFLOWS = readdirSync(path.join(ROOT, ".github/workflows")).filter((f) => f.endsWith(".yml")).sort();

interface Step { uses?: string; run?: string; with?: Record<string, string>; id?: string; name?: string }
interface Job { strategy?: { "fail-fast"?: boolean; matrix?: { node?: number[] } }; uses?: string; needs?: string | string[]; permissions?: Record<string, string>; services?: Record<string, { image: string; env?: Record<string, string>; ports?: string[] }>; steps?: Step[]; if?: string }
interface Workflow { on: Record<string, unknown>; permissions?: Record<string, string>; jobs: Record<string, Job> }

/** GitHub's own workflow (and action) schema check: the errors its parser reports, with line and column. */
function schemaErrors(name: string, content: string, kind: "workflow" | "action" = "workflow"): string[] {
  const result = (kind === "workflow" ? parseWorkflow : parseAction)({ name, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => e.message);
}

/** The first ```yaml block after `heading` in a Markdown file. */
function yamlBlockAfter(markdown: string, heading: string): string {
  const rest = markdown.slice(markdown.indexOf(heading));
  return /```yaml\n([\s\S]*?)\n```/.exec(rest)?.[1] ?? "";
}

/** Evaluates a workflow `if:` as the runner would, with `github` holding the event's name and payload. */
function evaluate(condition: string, eventName: string, event: object): boolean {
  const lexed = new Lexer(condition).lex();
  const expression = new Parser(lexed.tokens, ["github"], []).parse();
  const context = JSON.parse(JSON.stringify({ github: { event_name: eventName, event } }), data.reviver) as data.Dictionary;
  // Each alternative is a conjunction of comparisons: the result is a boolean.
  return new Evaluator(expression, context).evaluate().coerceString() === "true";
}

describe("the workflows, action.yml and every `uses:` in the docs", () => {
  it("pass GitHub's own schema check (@actions/workflow-parser)", () => {
    assert.deepEqual(WORKFLOWS, ["ci.yml", "release.yml"]);
    for (const file of WORKFLOWS) assert.deepEqual(schemaErrors(file, read(`.github/workflows/${file}`)), [], file);
    assert.deepEqual(schemaErrors("action.yml", read("action.yml"), "action"), []);
    // The check does find errors: a misspelt key is reported.
    assert.deepEqual(schemaErrors("bad.yml", "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n"), ["bad.yml (Line: 5, Col: 5): Unexpected value 'stepz'"]);
  });

  it("ci.yml runs the README's test command with the services .ci/run starts, on pushes and pull requests", () => {
    const ci = parse(read(".github/workflows/ci.yml")) as Workflow;
    assert.deepEqual(Object.keys(ci.on).sort(), ["pull_request", "push", "workflow_call"]);
    const job = ci.jobs.test!;
    const testCommand = /^(npm ci && npm test)\b/m.exec(read("README.md"))?.[1];
    assert.equal(testCommand, "npm ci && npm test");
    assert.match(read(".ci/run"), /^npm ci && npm test$/m);
    assert.equal(job.steps?.at(-1)?.run, testCommand);
    assert.match(job.services?.redis?.image ?? "", /^redis:\d/);
    assert.deepEqual(job.services?.redis?.ports, ["6379:6379"]);
    assert.match(job.services?.postgres?.image ?? "", /^postgres:\d/);
    assert.deepEqual(job.services?.postgres?.ports, ["5432:5432"]);
    // The tests' database: `test` on 127.0.0.1 with trust authentication (test/records/pg-test-schema.ts).
    assert.deepEqual(job.services?.postgres?.env, { POSTGRES_DB: "test", POSTGRES_HOST_AUTH_METHOD: "trust" });
    assert.match(read("test/records/pg-test-schema.ts"), /postgres:\/\/postgres@127\.0\.0\.1:5432\/test/);
    // On each supported Node (docs/deploy.md#node-versions), the Action's among them.
    assert.equal(job.steps?.find((s) => s.uses?.startsWith("actions/setup-node"))?.with?.["node-version"], "${{ matrix.node }}");
    assert.deepEqual(job.strategy?.matrix?.node, [22, 24]);
    assert.ok(job.strategy?.matrix?.node?.includes(actionNodeMajor()));
    assert.equal(job.strategy?.["fail-fast"], false, "one Node's failure does not hide the other's result");
  });

  it("release.yml, on a v* tag: tests, the built Action committed with the tags moved, the multi-arch image with OCI labels", () => {
    const release = parse(read(".github/workflows/release.yml")) as Workflow;
    assert.deepEqual(release.on, { push: { tags: ["v*"] } });
    assert.equal(release.jobs.test?.uses, "./.github/workflows/ci.yml");
    const action = release.jobs.action!;
    assert.equal(action.needs, "test");
    assert.deepEqual(action.permissions, { contents: "write" });
    const runs = (action.steps ?? []).map((s) => s.run ?? "").join("\n");
    const builtFolder = path.dirname((parse(read("action.yml")) as { runs: { main: string } }).runs.main);
    assert.match(runs, /^npm run build:action -- --addons addons$/m);
    assert.match(runs, new RegExp(`^git add --force ${builtFolder}$`, "m"), "the folder action.yml runs from is committed");
    assert.match(runs, /^major="\$\{GITHUB_REF_NAME%%\.\*\}"$/m);
    assert.match(runs, /^git push --force origin "refs\/tags\/\$GITHUB_REF_NAME" "refs\/tags\/\$major"$/m);
    // The addons' folders are named as src/bundle/sqlite-addon.ts looks them up, for the Node the runner starts the
    // Action on: the job runs on action.yml's Node, and the ABI and target version are that Node's.
    assert.match(runs, /mkdir -p "addons\/node-v\$abi-\$target"/);
    assert.match(runs, /^abi=\$\(node -p process\.versions\.modules\)$/m);
    assert.match(runs, /--target "\$\(node -p process\.versions\.node\)"/);
    assert.equal(action.steps?.find((s) => s.uses?.startsWith("actions/setup-node"))?.with?.["node-version"], actionNodeMajor());

    const image = release.jobs.image!;
    assert.equal(image.needs, "test");
    assert.deepEqual(image.permissions, { contents: "read", packages: "write" });
    const step = (uses: string) => image.steps?.find((s) => s.uses?.startsWith(uses));
    assert.equal(step("docker/login-action")?.with?.registry, "ghcr.io");
    const meta = step("docker/metadata-action");
    assert.equal(meta?.with?.images, "ghcr.io/${{ github.repository }}");
    // metadata-action labels every image with version, source, revision and creation time; the licence is added.
    assert.match(meta?.with?.labels ?? "", /^org\.opencontainers\.image\.licenses=MIT$/m);
    const push = step("docker/build-push-action");
    assert.deepEqual([push?.with?.platforms, push?.with?.push, push?.with?.labels, push?.with?.tags],
      ["linux/amd64,linux/arm64", true, `\${{ steps.${meta?.id}.outputs.labels }}`, `\${{ steps.${meta?.id}.outputs.tags }}`]);
  });

  it("names the project one way everywhere: app.yml's home page, every `uses:` in the docs, the image, package.json", () => {
    const home = (parse(read("app.yml")) as { url: string }).url;
    assert.equal(home, "https://github.com/bugscout/bugscout");
    const name = new URL(home).pathname.slice(1);
    const pkg = JSON.parse(read("package.json")) as { homepage: string; repository: { url: string } };
    assert.deepEqual([pkg.homepage, pkg.repository.url], [home, `git+${home}.git`]);
    assert.match(read("Dockerfile"), new RegExp(`org\\.opencontainers\\.image\\.source="${home.replace(/\./g, "\\.")}"`));
    for (const file of ["compose.yaml", "compose.scale.yml"]) assert.match(read(file), new RegExp(`image: ghcr\\.io/${name}:1$`, "m"), file);

    const documents = ["README.md", ...readdirSync(path.join(ROOT, "docs")).map((f) => `docs/${f}`), ...WORKFLOWS.map((f) => `.github/workflows/${f}`)];
    const references = documents.flatMap((file) => [...read(file).matchAll(/^\s*-?\s*uses:\s*(\S+)/gm)].map((m) => `${file}: ${m[1]}`));
    assert.ok(references.some((r) => r === `docs/action.md: ${name}@v1`), references.join("\n"));
    for (const reference of references) {
      const target = reference.slice(reference.indexOf(": ") + 2);
      assert.match(target, new RegExp(`^(${name}@v1|(actions|docker)/[\\w-]+(/[\\w-]+)?@v\\d+|\\./\\.github/workflows/[\\w-]+\\.yml)$`), reference);
    }
  });

  it("the docs' workflow parses and starts a runner only for events BugScout acts on", () => {
    const text = yamlBlockAfter(read("docs/action.md"), "## Copy-paste workflow");
    assert.deepEqual(schemaErrors("bugscout.yml", text), []);
    const workflow = parse(text) as { on: { issues: { types: string[] }; issue_comment: { types: string[] } }; permissions: Record<string, string>; jobs: Record<string, Job> };
    assert.deepEqual(workflow.on.issues.types, ["opened", "edited", "closed"], "no `labeled`: without trigger labels every label would start a runner");
    assert.deepEqual(workflow.on.issue_comment.types, ["created"]);
    assert.deepEqual(workflow.permissions, { issues: "write", contents: "read", "pull-requests": "read" });
    const condition = workflow.jobs.triage?.if ?? "";
    const user = { login: "alice", type: "User" };
    const issue = { number: 7, user, state_reason: null };
    const cases: [string, string, object, boolean][] = [
      ["issue opened", "issues", { action: "opened", issue }, true],
      ["issue opened by a bot", "issues", { action: "opened", issue: { ...issue, user: { login: "dependabot[bot]", type: "Bot" } } }, false],
      ["issue edited by a person", "issues", { action: "edited", issue, sender: user, changes: { body: { from: "x" } } }, true],
      ["issue edited by a bot", "issues", { action: "edited", issue, sender: { login: "renovate[bot]", type: "Bot" }, changes: { body: { from: "x" } } }, false],
      ["issue closed as completed", "issues", { action: "closed", issue: { ...issue, state_reason: "completed" } }, true],
      ["issue closed as not planned", "issues", { action: "closed", issue: { ...issue, state_reason: "not_planned" } }, false],
      ["a command", "issue_comment", { action: "created", issue, comment: { body: "/bugscout top=3", user } }, true],
      ["an ordinary comment", "issue_comment", { action: "created", issue, comment: { body: "thanks!", user } }, false],
      ["a command on a pull request", "issue_comment", { action: "created", issue: { ...issue, pull_request: { url: "x" } }, comment: { body: "/bugscout", user } }, false],
      ["a label added", "issues", { action: "labeled", issue, label: { name: "bug" } }, false],
    ];
    for (const [label, eventName, event, expected] of cases) assert.equal(evaluate(condition, eventName, event), expected, label);
  });
});
