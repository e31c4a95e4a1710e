import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { runProcess, startProcess } from "./child-process.js";

/** Is a process with this pid still running? A zombie (killed, not yet reaped by whoever adopted it) is not. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

describe("child processes started by tests have a time limit", () => {
  it("returns the exit code and both streams of a run that ends", async () => {
    const result = await runProcess(process.execPath, ["-e", "process.stdout.write('out'); process.stderr.write('err'); process.exit(3)"]);
    assert.deepEqual(result, { code: 3, signal: null, stdout: "out", stderr: "err" });
  });

  it("kills a run past its limit, with the processes it started, and fails with what it printed", async () => {
    // The child starts a grandchild (as npm starts its scripts) and both wait forever.
    const script = `const { spawn } = require("node:child_process");
      const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      console.log("grandchild " + g.pid); console.error("waiting for a registry that never answers");
      setInterval(() => {}, 1000);`;
    const started = Date.now();
    const error = await runProcess(process.execPath, ["-e", script], { timeoutMs: 1_500 }).then(() => null, (e: Error) => e);
    assert.ok(error, "the run must fail");
    assert.ok(Date.now() - started < 10_000);
    assert.match(error.message, /did not finish within 1500 ms and was killed/);
    assert.match(error.message, /waiting for a registry that never answers/);
    const grandchild = Number(/grandchild (\d+)/.exec(error.message)?.[1]);
    assert.ok(grandchild > 0, error.message);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(running(grandchild), false, "the grandchild was killed with its parent");
  });

  it("stops a server that ignores SIGTERM after the grace period", async () => {
    const server = startProcess(process.execPath, ["-e", "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"], {});
    await server.waitFor(/ready/, 10_000);
    const started = Date.now();
    await server.stop(500);
    assert.ok(Date.now() - started < 5_000);
    assert.equal(server.child.signalCode, "SIGKILL");
  });

  it("fails a wait for output that never comes, with what the process printed", async () => {
    const server = startProcess(process.execPath, ["-e", "console.log('booting'); setInterval(() => {}, 1000)"], {});
    try {
      // Node itself can take longer than the short limit to start on a loaded machine: wait for its first line first.
      await server.waitFor(/booting/, 30_000);
      await assert.rejects(server.waitFor(/Listening on/, 800), /no \/Listening on\/ within 800 ms:\nbooting/);
    } finally {
      await server.stop();
    }
  });
});
