/**
 * First comment on a repository the app has never seen (issue 25): the app started as users start it (`npm start`:
 * build, then `node dist/index.js`), a fake GitHub on loopback serving the repository's tarball, one signed
 * `issues.opened` delivery, and the time from sending it until the comment is posted. Each run uses a fresh data
 * folder, so every delivery pays the whole cold path: token, settings, tarball download and unpacking, the first
 * index, the ranking, the comment. Bench only; nothing is written into the checkout.
 *
 *   node --import tsx bench/first-comment.ts <tree> <issue file> [runs=3]
 */
import { randomUUID } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sign } from "@octokit/webhooks-methods";
import { startFakeGitHub } from "../test/fakes/fake-github.js";
import { tarballFromDirectory } from "../test/fakes/fake-github-tarball.js";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "../test/app/app-harness.js";
import { issuesOpened } from "../test/app/payloads.js";
import { startProcess } from "../test/support/child-process.js";
import { freePort } from "../test/support/free-port.js";

const [tree, issueFile, runsArg = "3"] = process.argv.slice(2);
if (!tree || !issueFile) throw new Error("usage: bench/first-comment.ts <tree> <issue file> [runs]");
const ROOT = join(import.meta.dirname, "..");
const SHA = "7777777777777777777777777777777777777777";
const REPO = { owner: "acme", name: "big", installationId: 9 };
const text = readFileSync(issueFile, "utf8");
const [title, ...rest] = text.split("\n");

const fake = await startFakeGitHub();
const repo = fake.addRepo({ ...REPO, headSha: SHA });
const tarball = await tarballFromDirectory(tree, "acme-big-7777777");
repo.tarballs.set(SHA, tarball);

const runs: { ms: number }[] = [];
try {
  for (let run = 0; run < Number(runsArg); run++) {
    const dataDir = mkdtempSync(join(tmpdir(), "bugscout-first-comment-"));
    const port = await freePort();
    const app = startProcess("npm", ["start", "--silent"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", APP_ID: "1", PRIVATE_KEY, WEBHOOK_SECRET,
        PORT: String(port), HOST: "127.0.0.1", GHE_HOST: fake.host, GHE_PROTOCOL: "http", LOG_FORMAT: "json",
        LOG_LEVEL: "info", BUGSCOUT_DATA_DIR: dataDir,
        // e.g. NODE_OPTIONS="--cpu-prof --cpu-prof-dir=…" to see where the app spends the time.
        ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      },
    });
    try {
      await app.waitFor(/Listening on/, 120_000);
      const number = 100 + run;
      const body = JSON.stringify(issuesOpened(REPO, { number, title, body: rest.join("\n") }));
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/github/webhooks`, {
        method: "POST", body,
        headers: {
          "content-type": "application/json", "x-github-event": "issues", "x-github-delivery": randomUUID(),
          "x-hub-signature-256": await sign(WEBHOOK_SECRET, body),
        },
      });
      await response.text();
      const deadline = Date.now() + 180_000;
      while (!fake.repo(REPO.owner, REPO.name).comments.get(number) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (!fake.repo(REPO.owner, REPO.name).comments.get(number)) throw new Error(`no comment within 180 s: ${app.output.join("")}`);
      runs.push({ ms: Math.round(performance.now() - started) });
      process.stderr.write(`run ${run + 1}: ${runs.at(-1)!.ms} ms\n`);
      // The app's own log of the delivery (phases and their times), for finding where the time goes.
      if (process.env.BENCH_LOG) appendFileSync(process.env.BENCH_LOG, app.output.join(""));
    } finally {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await fake.close();
}
const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
console.log(JSON.stringify({
  tree, tarballBytes: tarball.length, runs: sorted, medianMs: sorted[Math.floor((sorted.length - 1) / 2)],
  loadAverage: loadavg()[0], cores: cpus().length, node: process.version,
}));
