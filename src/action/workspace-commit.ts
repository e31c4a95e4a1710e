import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The commit checked out in the workspace (`git rev-parse HEAD`), or undefined when there is no checkout, no git, or
 * the checkout is not a git repository. Only a checkout at the default branch's head is indexed in place.
 */
export function findWorkspaceCommit(workspace: string | undefined): Promise<string | undefined> {
  if (!workspace || !existsSync(path.join(workspace, ".git"))) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile("git", ["-C", workspace, "rev-parse", "HEAD"], { timeout: 10_000 }, (error, stdout) => {
      const sha = stdout.trim();
      resolve(!error && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined);
    });
  });
}
