import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";
import { main } from "../../src/cli/main.js";
import { captureIo } from "../cli/capture-io.js";

/** Runs `bugscout rank --json` on a fixture repository and issue file, as a user would, and returns the paths. */
export async function rankWithCli(t: TestContext, repo: string, issueFile: string, top = 5): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "bugscout-rank-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { io, out, err } = captureIo();
  const code = await main(["rank", "--repo", repo, "--issue-file", issueFile, "--top", String(top), "--json",
    "--store", join(dir, "index.sqlite")], io);
  if (code !== 0) throw new Error(`rank exited ${code}: ${err.join("\n")}`);
  return (JSON.parse(out.join("")) as { files: { path: string }[] }).files.map((f) => f.path);
}
