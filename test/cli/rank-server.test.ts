import assert from "node:assert/strict";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runServeCommand } from "../../src/cli/command-serve.js";
import { main } from "../../src/cli/main.js";
import { rankSocketPath } from "../../src/cli/rank-server-socket.js";
import { serverVersion } from "../../src/cli/rank-server-protocol.js";
import { createLazyIndexer } from "../../src/triage/create-indexer.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = join(import.meta.dirname, "../../examples/sample-issue.md");

/** Captured output; `refreshed` counts the refreshes this process ran itself (a served rank runs none). */
function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  const counts = { refreshed: 0 };
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), progress: { update() {}, done: () => void counts.refreshed++ } };
  return { io, out, err, counts };
}

/** A ranking without its timing, which differs run to run, and without the served mark. */
const withoutMs = (json: string): unknown => {
  const { ms: _ms, served: _served, ...rest } = JSON.parse(json) as Record<string, unknown>;
  return rest;
};

/** Sends one raw line to the socket and returns the answer line (bounded: a hang fails the test). */
function rawExchange(socket: string, payload: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = connect(socket);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      conn.destroy();
      reject(new Error("no answer within 10 s"));
    }, 10_000);
    conn.once("connect", () => conn.end(payload));
    conn.on("data", (c: Buffer) => chunks.push(c));
    conn.once("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8").trim());
    });
    conn.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("bugscout serve: rank answered by a kept process", () => {
  let dir: string;
  let repo: string;
  let store: string;
  let savedRuntime: string | undefined;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-serve-"));
    repo = join(dir, "repo");
    cpSync(SAMPLE, repo, { recursive: true });
    store = join(dir, "index.sqlite");
    savedRuntime = process.env.XDG_RUNTIME_DIR;
    const runtime = join(dir, "run");
    mkdirSync(runtime, { mode: 0o700 });
    process.env.XDG_RUNTIME_DIR = runtime;
  });
  after(() => {
    if (savedRuntime === undefined) delete process.env.XDG_RUNTIME_DIR;
    else process.env.XDG_RUNTIME_DIR = savedRuntime;
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers rank with what rank --local prints, follows edits, refuses bad requests and other builds, and stops", async () => {
    const server = captureIo();
    const stop = new AbortController();
    const serving = runServeCommand(server.io, createLazyIndexer(), { repo, store, idleMinutes: 5, signal: stop.signal });
    const socket = rankSocketPath(join(dir, "index.sqlite"))!;
    await until(() => server.err.some((l) => l.includes("serving")), "the server to listen");
    assert.ok(existsSync(socket));
    const served = () => server.err.filter((l) => / ranked in \d+ ms$/.test(l)).length;

    try {
      // JSON and text, files and symbols: the served answer is the local one.
      for (const extra of [["--json"], [], ["--symbols", "--json"], ["--top", "2"]]) {
        const before = served();
        const viaServer = captureIo();
        assert.equal(await main(["rank", "--repo", repo, "--issue-file", ISSUE, "--store", store, ...extra], viaServer.io), 0, viaServer.err.join("\n"));
        assert.equal(served(), before + 1, `served: ${extra.join(" ")}`);
        assert.equal(viaServer.counts.refreshed, 0, "the client used the server's answer, not its own refresh");
        const local = captureIo();
        assert.equal(await main(["rank", "--repo", repo, "--issue-file", ISSUE, "--store", store, "--local", ...extra], local.io), 0);
        assert.equal(served(), before + 1, "--local is not served");
        assert.ok(local.counts.refreshed > 0);
        if (extra.includes("--json")) {
          assert.equal(JSON.parse(viaServer.out.join("")).served, true);
          assert.equal(JSON.parse(local.out.join("")).served, undefined);
          assert.deepEqual(withoutMs(viaServer.out.join("")), withoutMs(local.out.join("")));
        } else {
          assert.deepEqual(viaServer.out.slice(0, -1), local.out.slice(0, -1));
          assert.match(viaServer.out.at(-1)!, /; \d+ ms; answered by bugscout serve$/);
          assert.doesNotMatch(local.out.at(-1)!, /answered by/);
        }
      }

      // An edit is seen by the next served rank: the pointer's lines move with the code.
      const rankJson = async () => {
        const c = captureIo();
        assert.equal(await main(["rank", "--repo", repo, "--issue-file", ISSUE, "--store", store, "--json"], c.io), 0);
        return JSON.parse(c.out.join("")) as { files: { path: string; evidence: { symbol: { startLine: number } } }[] };
      };
      const first = (await rankJson()).files.find((f) => f.path === "pantry/units.py")!.evidence.symbol.startLine;
      const units = join(repo, "pantry/units.py");
      writeFileSync(units, `# one\n# two\n# three\n${readFileSync(units, "utf8")}`);
      const moved = (await rankJson()).files.find((f) => f.path === "pantry/units.py")!.evidence.symbol.startLine;
      assert.equal(moved, first + 3);

      // Bad input gets a refusal, never a crash: the server goes on answering.
      assert.deepEqual(JSON.parse(await rawExchange(socket, "not json\n")), { refused: "the request is not JSON" });
      assert.match(JSON.parse(await rawExchange(socket, '{"version": 1}\n')).refused, /must be a string/);
      assert.match(JSON.parse(await rawExchange(socket, Buffer.alloc(5 * 1024 * 1024, 97))).refused, /at most/);
      const request = { version: "another build", root: repo, store, dense: false, options: { top: 3, mode: "auto", include: [], exclude: [], budgetMs: 100, json: true }, text: "convert" };
      assert.deepEqual(JSON.parse(await rawExchange(socket, `${JSON.stringify(request)}\n`)), { refused: "another build of bugscout" });
      const elsewhere = { ...request, version: serverVersion(), store: join(dir, "other.sqlite") };
      assert.deepEqual(JSON.parse(await rawExchange(socket, `${JSON.stringify(elsewhere)}\n`)), { refused: "another checkout or store" });
      const good = JSON.parse(await rawExchange(socket, `${JSON.stringify({ ...request, version: serverVersion() })}\n`)) as { out: string[] };
      assert.equal(JSON.parse(good.out.join("")).files[0].path, "pantry/units.py");

      // A client that leaves before its answer does not take the server down.
      await new Promise<void>((resolve) => {
        const conn = connect(socket);
        conn.once("connect", () => {
          conn.write(`${JSON.stringify({ ...request, version: serverVersion() })}\n`);
          conn.destroy();
          resolve();
        });
        conn.once("error", () => resolve());
      });
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(JSON.parse((JSON.parse(await rawExchange(socket, `${JSON.stringify({ ...request, version: serverVersion() })}\n`)) as { out: string[] }).out.join("")).files[0].path, "pantry/units.py");

      // A second server for the same store is refused while the first answers.
      await assert.rejects(runServeCommand(captureIo().io, createLazyIndexer(), { repo, store, idleMinutes: 1 }), /already running/);
    } finally {
      stop.abort();
      await serving;
    }
    assert.ok(!existsSync(socket), "the socket is removed on stop");
    assert.equal(server.err.at(-1), "bugscout serve: stopped");
    // The issue text is never logged.
    assert.ok(!server.err.join("\n").includes("kilogram"));

    // A stale socket file (a killed server's) is not waited on: rank answers in its own process.
    writeFileSync(socket, "");
    const stale = captureIo();
    assert.equal(await main(["rank", "--repo", repo, "--issue-file", ISSUE, "--store", store, "--json"], stale.io), 0);
    assert.equal(JSON.parse(stale.out.join("")).files[0].path, "pantry/units.py");
    rmSync(socket);
  });

  it("stops after its idle time", async () => {
    const server = captureIo();
    await runServeCommand(server.io, createLazyIndexer(), { repo, store, idleMinutes: 0.01 });
    assert.equal(server.err.at(-1), "bugscout serve: stopped");
  });

  it("neither serves nor connects through a socket folder others can enter", async () => {
    const open = join(dir, "open-run");
    mkdirSync(join(open, "bugscout"), { recursive: true });
    chmodSync(join(open, "bugscout"), 0o755);
    const saved = process.env.XDG_RUNTIME_DIR;
    process.env.XDG_RUNTIME_DIR = open;
    try {
      assert.equal(rankSocketPath(store), undefined);
      await assert.rejects(runServeCommand(captureIo().io, createLazyIndexer(), { repo, store, idleMinutes: 1 }), /private folder/);
      const local = captureIo();
      assert.equal(await main(["rank", "--repo", repo, "--issue-file", ISSUE, "--store", store, "--json"], local.io), 0);
    } finally {
      process.env.XDG_RUNTIME_DIR = saved;
    }
  });
});
