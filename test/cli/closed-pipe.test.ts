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
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.match(first, /^ 1\. pantry\//);
  assert.doesNotMatch(stderr, /EPIPE|Unhandled|at /);
  assert.equal(code, 0);
});
