import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { before, beforeEach, describe, it } from "node:test";
import { buildTarball, tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { addCommit } from "../fakes/fake-github-commits.js";
import { FakePulls } from "../fakes/fake-github-pulls.js";
import { appHarness } from "./app-harness.js";
import { issueCommentCreated, issuesOpened } from "./payloads.js";
import { issueClosed } from "./payloads-pulls.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const SHA = "5555555555555555555555555555555555555555";
const REPO = { owner: "acme", name: "shop", installationId: 42 };

/** Paths of the numbered list in a BugScout comment, in order. */
function listedPaths(body: string): string[] {
  return [...body.matchAll(/^\d+\. \[[^\]]*\]\(https:\/\/github\.example\/[^/]+\/[^/]+\/blob\/[0-9a-f]+\/([^)#]+)/gm)].map((m) => decodeURIComponent(m[1]));
}

/** What a reader sees without unfolding anything: the comment up to the operator's details. */
function visible(body: string): string {
  const at = body.indexOf("<details>\n<summary>Details for maintainers</summary>");
  return at < 0 ? body : body.slice(0, at);
}

describe("the comment maintainers read, end to end with the real ranker", () => {
  const gh = appHarness({ repo: { ...REPO, headSha: SHA }, tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-5555555"), app: { realIndex: true } });
  before(() => {
    new FakePulls(gh.fake);
  });
  beforeEach(() => {
    gh.repo.roles.set("maint", "write");
  });

  /** Waits (at most a minute) for the app to finish an event Probot answered 202 to on a loaded machine. */
  async function until(done: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }

  const KEY = { installationId: 42, owner: "acme", repo: "shop" };
  const ownComment = (number: number) => gh.repo.comments.get(number)?.find((c) => c.body.startsWith("<!-- bugscout -->\n"))?.body;

  async function open(number: number, title: string, body: string): Promise<string | undefined> {
    const status = await gh.app.deliver("issues", issuesOpened(REPO, { number, title, body }));
    assert.ok(status === 200 || status === 202, `status ${status}`);
    // Ranked and recorded (a comment, or silence): the prediction is kept either way.
    await until(async () => ownComment(number) !== undefined || (await gh.app.deps.records!.findPrediction(KEY, number)) !== undefined);
    return ownComment(number);
  }

  it("lists few files for a clear trace and several for a vague report; the visible text has no mode, key or timing", async () => {
    const issue = JSON.parse(await readFile(path.join(ROOT, "test/fixtures/app-issues/negative-total.json"), "utf8")) as { title: string; body: string; expectedFirstFile: string };
    const clear = await open(1, issue.title, issue.body) ?? "";
    const files = listedPaths(clear);
    assert.ok(files.length >= 1 && files.length <= 3, clear);
    assert.equal(files[0], issue.expectedFirstFile);
    assert.doesNotMatch(visible(clear), /mode|bm25|API key|embedding|ranked in|\d+ ms|confidence|commit [0-9a-f]{7}/i, "the operator's details are folded away");
    assert.match(visible(clear), /<sub>Suggested automatically from the code\. 👍 \/ 👎 are counted in `\/bugscout stats`; they change no ranking\.<\/sub>/);
    assert.match(clear, /<details>\n<summary>Details for maintainers<\/summary>\n\nmode bm25: [^\n]* · type bug \(model\) · confidence 0\.\d\d · ranked in [^\n]+ · commit 5555555 · `\/bugscout help` for commands\n\n<\/details>\n$/);

    // The confidence floor apart, a report naming several parts of the shop lists several files.
    await gh.app.close();
    gh.repo.settings = "ranking:\n  min_confidence: 0\n";
    await gh.start({ realIndex: true });
    const vague = await open(2, "Everything is slow", "session cache invoice discount router all slow") ?? "";
    assert.ok(listedPaths(vague).length >= 3, vague);
  });

  it("says nothing on an issue it cannot place until a maintainer asks, and records the ranking", async () => {
    assert.equal(await open(3, "Question", "How do I install this?"), undefined);
    assert.deepEqual(gh.fake.calls().filter((c) => /^(POST|PATCH) \/repos\//.test(c)), [], "no comment, no label");
    assert.equal((await gh.app.deps.records!.readStats(KEY, 0)).issuesRanked, 1, "silence still records the ranking");

    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, { number: 3, title: "Question", body: "How do I install this?" }, { id: 801, body: "/bugscout", user: { login: "maint" } }));
    await until(() => ownComment(3) !== undefined);
    const answer = ownComment(3) ?? "";
    assert.match(answer, /^<!-- bugscout -->\n\nBugScout found too little in this issue to point at files\. Maintainers: comment `\/bugscout` with a file name/);
  });

  it("counts readers' 👍 and 👎 on the comment when the issue closes, in /bugscout stats", async () => {
    const issue = JSON.parse(await readFile(path.join(ROOT, "test/fixtures/app-issues/negative-total.json"), "utf8")) as { title: string; body: string };
    assert.ok(await open(4, issue.title, issue.body));
    const comment = gh.repo.comments.get(4)!.find((c) => c.body.startsWith("<!-- bugscout -->\n"))!;
    gh.fake.react(gh.repo, comment.id, "+1", "alice");
    gh.fake.react(gh.repo, comment.id, "+1", "carol");
    gh.fake.react(gh.repo, comment.id, "-1", "bob");
    gh.fake.react(gh.repo, comment.id, "heart", "dave");

    assert.equal(await gh.app.deliver("issues", issueClosed(REPO, { number: 4, title: issue.title, body: issue.body })), 200);
    await until(async () => (await gh.app.deps.records!.readStats(KEY, 0)).feedback.up > 0);
    assert.ok(gh.fake.calls().includes(`GET /repos/acme/shop/issues/comments/${comment.id}/reactions`), "read once, at close");
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, { number: 4, title: issue.title, body: issue.body }, { id: 802, body: "/bugscout stats", user: { login: "maint" } }));
    await until(() => gh.repo.comments.get(4)?.some((c) => c.body.startsWith("<!-- bugscout:stats -->")) === true);
    const stats = gh.repo.comments.get(4)?.find((c) => c.body.startsWith("<!-- bugscout:stats -->"))?.body ?? "";
    assert.ok(stats.includes("| Readers' 👍 / 👎 on the comment (counted when the issue closed) | 2 / 1 | 2 / 1 |"), stats);
  });

  it("credits a trace through dist/*.js to the TypeScript source under src/", async () => {
    const top = "acme-shop-5555555";
    gh.repo.tarballs.set(SHA, await buildTarball([
      { name: `${top}/package.json`, content: '{ "name": "acme-client", "main": "dist/index.js" }\n' },
      { name: `${top}/src/index.ts`, content: "export { request } from './client';\nexport { retry } from './retry';\n" },
      { name: `${top}/src/client.ts`, content: "export function request(url: string) {\n  return fetchJson(url);\n}\n" },
      { name: `${top}/src/retry.ts`, content: "export function retry(run: () => void) {\n  run();\n  run();\n}\n" },
      { name: `${top}/README.md`, content: "# acme-client\n\nA small HTTP client with retries.\n" },
    ]));
    const body = await open(5, "Crash when a request is retried", [
      "TypeError: Cannot read properties of undefined (reading 'json')",
      "    at request (/home/me/app/node_modules/acme-client/dist/client.js:12:5)",
      "    at /home/me/app/node_modules/acme-client/dist/retry.js:3:7",
    ].join("\n")) ?? "";
    assert.equal(listedPaths(body)[0], "src/client.ts", body);
    // The built line is not the source's: the frame names the source file and its function, no line.
    assert.match(body, /^1\. \[src\/client\\\.ts\]\([^)]*\) — [^\n]*stack frame `src\/client\.ts in request`/m);
    assert.doesNotMatch(body, /\/home\/me|node_modules/, "nothing of the reporter's machine");
  });

  it("places a GitHub Action's trace through its committed bundle by the bundle's source map, read from GitHub", async () => {
    const bundle = path.join(ROOT, "test/fixtures/action-bundle");
    const fixture = (name: string) => readFile(path.join(bundle, name));
    const files = new Map<string, Buffer>([
      ["package.json", Buffer.from('{ "name": "pairs-action", "main": "dist/index.js" }\n')],
      ["action.yml", Buffer.from("name: Pairs\nruns:\n  using: node20\n  main: dist/index.js\n")],
      ["src/main.ts", await fixture("src/main.ts")],
      ["src/parse.ts", await fixture("src/parse.ts")],
      ["dist/index.js", await fixture("bundle/index.js")],
      ["dist/index.js.map", await fixture("bundle/index.js.map")],
    ]);
    await addCommit(gh.fake, gh.repo, SHA, files);
    const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;
    const thrownAt = lineOf(files.get("dist/index.js")!.toString(), 'throw new Error("empty input")');
    const body = await open(6, "The action fails on an empty labels input", [
      "Error: empty input",
      `    at parsePairs (/home/runner/work/_actions/acme/pairs-action/v1/dist/index.js:${thrownAt}:11)`,
    ].join("\n")) ?? "";
    assert.equal(listedPaths(body)[0], "src/parse.ts", body);
    const sourceLine = lineOf(files.get("src/parse.ts")!.toString(), 'throw new Error("empty input")');
    const [, from, to] = /^1\. \[src\/parse\\\.ts\]\([^)]*#L(\d+)-L(\d+)\) — `parsePairs`/m.exec(body) ?? [];
    assert.ok(Number(from) <= sourceLine && sourceLine <= Number(to), `the pointer holds the source line the map gives (${sourceLine}): ${body}`);
    assert.ok(body.includes(` · stack frame \`src/parse.ts:${sourceLine} in parsePairs\``), "the bundle's frame is quoted at the source's line");
    assert.ok(gh.fake.calls().includes("GET /repos/acme/shop/contents/dist/index.js.map"), gh.fake.calls().join("\n"));
  });
});
