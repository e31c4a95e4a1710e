import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "./app-harness.js";
import { issuesOpened } from "./payloads.js";
import { startProcess, type StartedProcess } from "../support/child-process.js";
import { closeAll } from "../support/close-all.js";
import { freePort } from "../support/free-port.js";
import { postDelivery } from "../support/post-delivery.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const SHA = "6666666666666666666666666666666666666666";
const REPO = { owner: "acme", name: "shop", installationId: 7 };

// `npm start` builds into dist/: it runs in a copy of the sources (node_modules linked), so the tests that read this
// checkout's dist/ at the same time are not disturbed. The key comes from a file (PRIVATE_KEY_PATH), as documented.
describe("the app started as documented (npm start, PRIVATE_KEY_PATH and no PRIVATE_KEY) against a fake GitHub on loopback", () => {
  let fake: FakeGitHub;
  let app: StartedProcess;
  let work: string;
  let dataDir: string;
  let port: number;

  before(async () => {
    fake = await startFakeGitHub();
    const repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await tarballFromDirectory(FIXTURE, "acme-shop-6666666"));
    work = await mkdtemp(path.join(tmpdir(), "bugscout-start-"));
    const checkout = path.join(work, "checkout");
    for (const name of ["package.json", "tsconfig.json", "tsconfig.build.json", "app.yml", "src", "scripts"]) {
      await cp(path.join(ROOT, name), path.join(checkout, name), { recursive: true });
    }
    await symlink(path.join(ROOT, "node_modules"), path.join(checkout, "node_modules"));
    dataDir = path.join(work, "data");
    await writeFile(path.join(work, "bugscout.pem"), PRIVATE_KEY, { mode: 0o600 });
    port = await freePort();
    app = startProcess("npm", ["start"], {
      cwd: checkout,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        APP_ID: "1",
        PRIVATE_KEY_PATH: path.join(work, "bugscout.pem"),
        WEBHOOK_SECRET,
        PORT: String(port),
        HOST: "127.0.0.1",
        GHE_HOST: fake.host,
        GHE_PROTOCOL: "http",
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
        BUGSCOUT_DATA_DIR: dataDir,
      },
    });
    // The build (tsc, then the CLI's bundle) comes first: about a minute on a busy two-core machine.
    await app.waitFor(/Listening on/, 240_000);
  });

  after(() => closeAll(() => app?.stop(), () => fake?.close(), () => work && rm(work, { recursive: true, force: true })));

  it("answers the health route", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { status: string }).status, "ok");
  });

  it("comments on a signed issues.opened delivery with the file the issue is about listed first", async () => {
    const issue = JSON.parse(await readFile(path.join(ROOT, "test/fixtures/app-issues/negative-total.json"), "utf8")) as {
      title: string;
      body: string;
      expectedFirstFile: string;
    };
    const { status } = await postDelivery(`http://127.0.0.1:${port}`, "issues", issuesOpened(REPO, { number: 12, title: issue.title, body: issue.body }), { secret: WEBHOOK_SECRET });
    // Probot answers 202 when handling takes longer than 9 s and keeps going.
    assert.ok(status === 200 || status === 202, `status ${status}`);
    const deadline = Date.now() + 60_000;
    while (!fake.repo("acme", "shop").comments.get(12) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const comments = fake.repo("acme", "shop").comments.get(12) ?? [];
    assert.equal(comments.length, 1, app.output.join(""));
    const first = /^1\. \[[^\]]*\]\(([^)]*)\)/m.exec(comments[0].body)?.[1] ?? "";
    assert.match(first, new RegExp(`^http://${fake.host.replace(/\./g, "\\.")}/acme/shop/blob/${SHA}/${issue.expectedFirstFile.replace(/\./g, "\\.")}(#L\\d+(-L\\d+)?)?$`), comments[0].body);
    assert.deepEqual(fake.unexpected, []);
    if (process.env.BUGSCOUT_SHOW_COMMENT === "1") process.stdout.write(`# ${comments[0].body.replace(/\n/g, "\n# ")}\n`);
  });
});
