import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { PRIVATE_KEY } from "../app/app-harness.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { startProcess, runSource } from "../support/child-process.js";
import { freePort } from "../support/free-port.js";

const ROOT = path.join(import.meta.dirname, "../..");
const SECRET = "whsec-from-github-0123456789";

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe("bugscout setup: the manifest flow, writing a key file and a .env for docker compose / docker run", () => {
  let fake: FakeGitHub;
  let codes: string[];

  before(async () => {
    fake = await startFakeGitHub();
    codes = [];
    fake.extraRoutes.push(["POST", /^\/app-manifests\/([\w-]+)\/conversions$/, (m) => {
      codes.push(m[1]!);
      return m[1] === "good-code"
        ? { status: 201, body: { id: 4242, slug: "bugscout-acme", html_url: "https://github.example/apps/bugscout-acme", pem: PRIVATE_KEY, webhook_secret: SECRET, client_id: "Iv1.x", client_secret: "cs" } }
        : { status: 404, body: { message: "Not Found" } };
    }, "none"]);
  });
  after(() => fake.close());

  it("serves app.yml's manifest with the deployment's webhook URL, exchanges GitHub's code and writes the key and .env", async (t) => {
    const out = mkdtempSync(path.join(tmpdir(), "bugscout-setup-"));
    const port = await freePort();
    const setup = startProcess(process.execPath, ["--import", "tsx", "src/cli/main.ts", "setup", "--url", "https://bugscout.example.com/",
      "--org", "acme", "--port", String(port), "--out", out, "--github-url", "https://github.example", "--api-url", fake.apiUrl], { cwd: ROOT, env: { PATH: process.env.PATH } });
    t.after(async () => {
      await setup.stop();
      rmSync(out, { recursive: true, force: true });
    });
    await setup.waitFor(/Open http:\/\/localhost:\d+ in a browser/, 30_000);

    const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const action = unescapeHtml(/<form action="([^"]+)" method="post">/.exec(page)?.[1] ?? "");
    const state = /^https:\/\/github\.example\/organizations\/acme\/settings\/apps\/new\?state=([0-9a-f]{32})$/.exec(action)?.[1];
    assert.ok(state, action);
    const manifest = JSON.parse(unescapeHtml(/name="manifest" value="([^"]+)"/.exec(page)?.[1] ?? "{}")) as Record<string, unknown>;
    const appYml = parse(readFileSync(path.join(ROOT, "app.yml"), "utf8")) as Record<string, unknown>;
    assert.deepEqual(manifest, {
      name: appYml.name, url: appYml.url, description: appYml.description, public: false,
      default_permissions: appYml.default_permissions, default_events: appYml.default_events,
      hook_attributes: { url: "https://bugscout.example.com/api/github/webhooks", active: true },
      redirect_url: `http://localhost:${port}/callback`,
    });

    // Only the answer to this registration (its state) is taken.
    const forged = await fetch(`http://127.0.0.1:${port}/callback?code=good-code&state=${"0".repeat(32)}`);
    assert.equal(forged.status, 400);
    assert.deepEqual(codes, []);
    const done = await fetch(`http://127.0.0.1:${port}/callback?code=good-code&state=${state}`);
    assert.equal(done.status, 200, setup.output.join("") + JSON.stringify(fake.unexpected));
    assert.match(await done.text(), /href="https:\/\/github\.example\/apps\/bugscout-acme\/installations\/new"/);
    await setup.waitFor(/^Then install the app/m, 30_000);
    const code = setup.child.exitCode ?? await new Promise<number | null>((resolve) => setup.child.once("exit", resolve));
    assert.equal(code, 0, "setup ends by itself once the app is registered");

    assert.equal(readFileSync(path.join(out, "bugscout.pem"), "utf8"), PRIVATE_KEY);
    assert.equal(readFileSync(path.join(out, ".env"), "utf8"), "APP_ID=4242\nWEBHOOK_SECRET=whsec-from-github-0123456789\nGHE_HOST=github.example\n");
    for (const file of ["bugscout.pem", ".env"]) assert.equal(statSync(path.join(out, file)).mode & 0o777, 0o600, file);
    const printed = setup.output.join("");
    assert.match(printed, /^Registered https:\/\/github\.example\/apps\/bugscout-acme \(App ID 4242\)\.$/m);
    assert.match(printed, /^ {2}docker compose up -d$/m);
    assert.match(printed, /--env-file \.env .*\n.*-e PRIVATE_KEY_PATH=\/run\/secrets\/bugscout\.pem -v "\$PWD\/bugscout\.pem:\/run\/secrets\/bugscout\.pem:ro" ghcr\.io\/bugscout\/bugscout:1$/m);
    assert.ok(!printed.includes(SECRET) && !printed.includes("PRIVATE KEY"), "neither the secret nor the key is printed");
    assert.deepEqual(codes, ["good-code"]);
    assert.deepEqual(fake.unexpected, []);
  });

  it("refuses to start over an existing key or .env, and without --url", async (t) => {
    const out = mkdtempSync(path.join(tmpdir(), "bugscout-setup-"));
    t.after(() => rmSync(out, { recursive: true, force: true }));
    writeFileSync(path.join(out, ".env"), "KEEP=1\n");
    const existing = await runSource(path.join(ROOT, "src/cli/main.ts"), ["setup", "--url", "https://x.example", "--out", out, "--port", "0"], { cwd: ROOT, env: { PATH: process.env.PATH } });
    assert.equal(existing.code, 2, existing.stderr);
    assert.equal(existing.stderr, `bugscout: ${path.join(out, ".env")} exists already: move it away or pass --out <another folder>.\n`);
    assert.equal(readFileSync(path.join(out, ".env"), "utf8"), "KEEP=1\n");
    assert.ok(!existsSync(path.join(out, "bugscout.pem")));
    const noUrl = await runSource(path.join(ROOT, "src/cli/main.ts"), ["setup", "--out", out], { cwd: ROOT, env: { PATH: process.env.PATH } });
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /^bugscout: setup needs --url <the public https URL GitHub sends webhooks to>/);
  });
});
