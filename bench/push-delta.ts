/**
 * Push-delta bench (issue 12): bytes a 10-file push on django downloads from the fake GitHub with deltas on, against
 * the whole tarball, and a check that the index after the delta equals a full re-index of the same commit.
 *
 *   nice -n 5 node --import tsx bench/push-delta.ts [--tree ~/.cache/bench-trees/4fd3044ca0135da903a70dfb66992293f529ecf1]
 *
 * Real app (createApp + Probot middleware, real SQLite stores and indexer), fake GitHub on loopback (compare and raw
 * contents routes from test/fakes/fake-github-commits.ts). The push changes 10 files: 7 modified, 1 added, 1 removed,
 * 1 renamed. Exit code 1 when the two indexes differ.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { openIndexStore } from "../src/store/open-index-store.js";
import { repoStorePath } from "../src/triage/data-layout.js";
import { COMMIT_META_KEY } from "../src/triage/store-repo-index.js";
import { startTestApp, type TestApp } from "../test/app/app-harness.js";
import { issuesOpened, push } from "../test/app/payloads.js";
import { addCommit } from "../test/fakes/fake-github-commits.js";
import { startFakeGitHub, type FakeGitHub } from "../test/fakes/fake-github.js";

const { values: args } = parseArgs({ options: { tree: { type: "string", default: path.join(os.homedir(), ".cache/bench-trees/4fd3044ca0135da903a70dfb66992293f529ecf1") } } });
const A = "a".repeat(40);
const B = "b".repeat(40);
const KEY = { installationId: 9, owner: "django", repo: "django" };
const REPO = { owner: "django", name: "django", installationId: 9 };

function readTree(root: string, dir = "", out = new Map<string, Buffer>()): Map<string, Buffer> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) readTree(root, rel, out);
    else if (entry.isFile()) out.set(rel, readFileSync(path.join(root, rel)));
  }
  return out;
}

function dump(file: string) {
  const store = openIndexStore(file);
  try {
    return { files: store.listFiles(), corpus: store.loadCorpus().map((f) => ({ ...f, analysis: Buffer.from(f.analysis).toString("base64") })), commit: store.getMeta(COMMIT_META_KEY) };
  } finally {
    store.close();
  }
}

async function indexFirstIssue(fake: FakeGitHub, app: TestApp, head: string, number: number): Promise<void> {
  fake.repo("django", "django").headSha = head;
  // The answer may come late (indexing django holds the event loop in long stretches); the comment is what counts.
  app.deliver("issues", issuesOpened(REPO, { number, title: "QuerySet.filter crashes", body: "" })).catch(() => {});
  const deadline = Date.now() + 600_000;
  while (!(fake.repo("django", "django").comments.get(number)?.length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (!fake.repo("django", "django").comments.get(number)?.length) throw new Error("no comment within 10 minutes");
}

async function main(): Promise<number> {
  const treeA = readTree(args.tree);
  const py = [...treeA.keys()].filter((p) => p.startsWith("django/") && p.endsWith(".py")).sort();
  const pick = (i: number) => py[Math.floor((i * py.length) / 11)];
  const treeB = new Map(treeA);
  for (let i = 0; i < 7; i++) treeB.set(pick(i), Buffer.concat([treeA.get(pick(i))!, Buffer.from("\n# changed by the push-delta bench\n")]));
  treeB.set("django/utils/bench_added.py", Buffer.from("def added_by_push():\n    return 'new'\n"));
  treeB.delete(pick(8));
  treeB.set(pick(9).replace(/\.py$/, "_renamed.py"), treeA.get(pick(9))!);
  treeB.delete(pick(9));

  const fake = await startFakeGitHub();
  const repo = fake.addRepo({ ...REPO, headSha: A });
  await addCommit(fake, repo, A, treeA);
  await addCommit(fake, repo, B, treeB);

  // Deltas on: index A from the tarball, then the push A → B.
  const withDelta = await startTestApp(fake, { realIndex: true, pushDeltaMaxFiles: 100 });
  let t = performance.now();
  let bytes = fake.bytesSent;
  await indexFirstIssue(fake, withDelta, A, 1);
  const firstIndex = { bytes: fake.bytesSent - bytes, ms: Math.round(performance.now() - t) };
  fake.requests.length = 0;
  bytes = fake.bytesSent;
  t = performance.now();
  await withDelta.deliver("push", push(REPO, { before: A, after: B }));
  await withDelta.deps.background.idle();
  const delta = { bytes: fake.bytesSent - bytes, ms: Math.round(performance.now() - t), requests: fake.calls().filter((c) => !c.includes("bugscout.yml")) };

  // Deltas off: the same push downloads the whole tarball of B; then compare both stores.
  const withoutDelta = await startTestApp(fake, { realIndex: true });
  await indexFirstIssue(fake, withoutDelta, A, 2);
  bytes = fake.bytesSent;
  t = performance.now();
  await withoutDelta.deliver("push", push(REPO, { before: A, after: B }));
  await withoutDelta.deps.background.idle();
  const tarball = { bytes: fake.bytesSent - bytes, ms: Math.round(performance.now() - t) };

  const a = dump(repoStorePath(withDelta.dataDir, KEY));
  const b = dump(repoStorePath(withoutDelta.dataDir, KEY));
  const equal = a.commit === B && isDeepStrictEqual(a, b);
  await withDelta.close();
  await withoutDelta.close();
  await fake.close();

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), node ${process.version}; tree ${treeA.size} files`);
  console.log(`first index (tarball of A): ${kb(firstIndex.bytes)} in ${firstIndex.ms} ms`);
  console.log(`10-file push with deltas: ${kb(delta.bytes)} downloaded in ${delta.ms} ms over ${delta.requests.length} requests (${delta.requests.filter((r) => r.includes("/contents/")).length} file contents)`);
  console.log(`same push, tarball: ${kb(tarball.bytes)} downloaded in ${tarball.ms} ms`);
  console.log(`index after the delta equals the full re-index of the same commit: ${equal} (${a.files.length} files)`);
  return equal && delta.bytes < 200 * 1024 ? 0 : 1;
}

process.exitCode = await main();
