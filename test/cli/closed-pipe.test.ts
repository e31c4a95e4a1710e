import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";

const ROOT = join(import.meta.dirname, "../..");

test("a reader that closes the pipe early (`bugscout rank … | head -1`) ends the command quietly", async () => {
  const child = spawn(process.execPath, [
    "--import", "tsx", join(ROOT, "src/cli/bin.ts"), "rank", "--repo", join(ROOT, "examples/sample-repo"),
    "--issue-file", join(ROOT, "examples/sample-issue.md"),
  ], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let first = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdout.once("data", (c: Buffer) => {
    first = c.toString();
    child.stdout.destroy();
  });
  // A command that does not end once its reader is gone is the failure this test exists for: killed, not awaited.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, 60_000);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  assert.equal(timedOut, false, `the command did not end within 60 s after its reader closed the pipe:\n${stderr}`);
  assert.match(first, /^ 1\. pantry\//);
  assert.doesNotMatch(stderr, /EPIPE|Unhandled|at /);
  assert.equal(code, 0);
});
