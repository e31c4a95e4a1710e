import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "../app/app-harness.js";
import { installationDeleted, issueCommentCreated, issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";
import { startReliabilityApp } from "./reliability-app.js";
import { startProcess } from "../support/child-process.js";
import { freePort } from "../support/free-port.js";
import { postDelivery } from "../support/post-delivery.js";

const ROOT = path.join(import.meta.dirname, "../..");
const SHA = "1212121212121212121212121212121212121212";
const VOYAGE_API_KEY = "pa-reliability-secret-voyage-key-93f0a1";
/** Credentials in the shapes GitHub issues them, as a misbehaving server or proxy might echo them in an error. */
const ECHOED = [
  "Authorization: token ghs_16C7e42F292c6912E7710c838347Ae178B4a",
  "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUV",
  "eyJhbGciOiJSUzI1NiJ9.eyJpYXQiOjE3MDAwMDAwMDAsImlzcyI6IjEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ",
  `voyage said: bad key ${VOYAGE_API_KEY}`,
];

/** Every credential that must never reach a log: each line of the private key body, the secret, tokens, JWTs. */
function secrets(fake: FakeGitHub, installationIds: readonly number[]): string[] {
  const keyLines = PRIVATE_KEY.split("\n").filter((l) => l !== "" && !l.startsWith("-----"));
  const jwts = fake.requests.map((r) => /^bearer (.+)$/i.exec(r.authorization)?.[1]).filter((t): t is string => t !== undefined);
  assert.ok(jwts.length > 0, "the app authenticated as itself at least once");
  const echoed = ["ghs_16C7e42F292c", "github_pat_11ABCDEFG", "eyJhbGciOiJSUzI1NiJ9.eyJpYXQi"];
  return [...keyLines, WEBHOOK_SECRET, VOYAGE_API_KEY, "TOKEN_IN_URL", ...echoed, ...installationIds.map((id) => `ghs_fake_${id}`), ...new Set(jwts)];
}

function assertNoSecret(output: string, all: readonly string[]): void {
  for (const secret of all) assert.ok(!output.includes(secret), `a log contains a credential starting ${secret.slice(0, 8)}…`);
}

/** Drives one repository through the paths that log the most: a fresh index, a command, failures and an uninstall. */
async function exercise(deliver: (event: string, payload: unknown, signature?: string | null) => Promise<number>, fake: FakeGitHub, spec: { owner: string; name: string; installationId: number }) {
  const issue = { number: 1, title: "dispatch fails", body: "router dispatch raises" };
  assert.equal(await deliver("issues", issuesOpened(spec, issue), "sha256=" + "0".repeat(64)), 400);
  assert.equal(await deliver("issues", issuesOpened(spec, issue), null), 400);
  assert.ok([200, 202].includes(await deliver("issues", issuesOpened(spec, issue))));
  // 403 and 404 are not retried, so the echoed credentials reach the error log at once.
  fake.failNext("GET", /\/branches\/main$/, 403, `upstream echoed: ${ECHOED.join(" ; ")} ; ${PRIVATE_KEY.slice(0, 120)}`);
  await deliver("issues", issuesOpened(spec, { ...issue, number: 2 }));
  fake.failNext("GET", /^\/_codeload\//, 404, "no archive at https://codeload.example/x.tar.gz?token=TOKEN_IN_URL");
  fake.repo(spec.owner, spec.name, spec.installationId).headSha = "3434343434343434343434343434343434343434";
  await deliver("issues", issuesOpened(spec, { ...issue, number: 3 }));
  await deliver("issue_comment", issueCommentCreated(spec, issue, { id: 900, body: "/bugscout top=3 dispatch", user: { login: "maint" } }));
  await deliver("installation", installationDeleted(spec.installationId));
}

describe("credentials never appear in logs", () => {
  let fake: FakeGitHub;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(() => fake?.close());

  async function addRepo(installationId: number) {
    const spec = { owner: "acme", name: `shop${installationId}`, installationId };
    const repo = fake.addRepo({ ...spec, headSha: SHA, settings: "ranking:\n  top_k: 99\n" });
    repo.roles.set("maint", "maintain");
    for (const sha of [SHA, "3434343434343434343434343434343434343434"]) {
      repo.tarballs.set(sha, await buildTarball([{ name: "x-y-1212121/router.py", content: "def dispatch():\n    raise KeyError\n" }]));
    }
    return spec;
  }

  it("at trace level in the app, through successes, settings problems, commands, GitHub failures and an uninstall", async (t) => {
    const spec = await addRepo(71);
    const app = await startReliabilityApp(fake, { logLevel: "trace", octokit: "off" });
    t.after(() => app.close());

    await exercise((event, payload, signature) => app.deliver(event, payload, signature === undefined ? {} : { signature }), fake, spec);
    await app.close();

    const output = app.logs.join("\n");
    assert.ok(output.includes("event handling failed") && output.includes("comment upserted"), "the failures and the successes were logged");
    assertNoSecret(output, secrets(fake, [71]));
  });

  it("at trace level in the process started as documented (src/index.ts), with a Voyage key set", { timeout: 120_000 }, async () => {
    const spec = await addRepo(72);
    const voyage: FakeVoyage = await startFakeVoyage({ apiKey: VOYAGE_API_KEY });
    const dataDir = await mkdtemp(path.join(tmpdir(), "bugscout-secrets-"));
    const port = await freePort();
    const app = startProcess(process.execPath, ["--import", "tsx", "src/index.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH, NODE_ENV: "production", APP_ID: "1", PRIVATE_KEY, WEBHOOK_SECRET, PORT: String(port), HOST: "127.0.0.1",
        GHE_HOST: fake.host, GHE_PROTOCOL: "http", LOG_FORMAT: "json", LOG_LEVEL: "trace", BUGSCOUT_DATA_DIR: dataDir,
        VOYAGE_API_KEY, VOYAGE_BASE_URL: voyage.baseUrl,
      },
    });
    try {
      await app.waitFor(/Listening on/, 60_000);
      const deliver = async (event: string, payload: unknown, signature?: string | null) =>
        (await postDelivery(`http://127.0.0.1:${port}`, event, payload, { secret: WEBHOOK_SECRET, ...(signature === undefined ? {} : { signature }) })).status;
      await exercise(deliver, fake, spec);
      await app.waitFor(/installation data deleted/, 60_000);
    } finally {
      await app.stop();
      await voyage.close();
      await rm(dataDir, { recursive: true, force: true });
    }

    const all = app.output.join("");
    assert.ok(all.includes("event handling failed") && all.includes("comment upserted"), all.slice(-3000));
    assertNoSecret(all, secrets(fake, [72]));
  });
});
