import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** What names a local checkout the way GitHub would: its repository and the commit its files are at. */
export interface CheckoutIdentity {
  /** `owner/name` from an `origin` on GitHub, else `local/<folder name>`. */
  readonly owner: string;
  readonly repo: string;
  /**
   * `git rev-parse HEAD` for a clean git checkout (the App's links then open the same lines); otherwise a fingerprint
   * of the files' paths, sizes and modification times, so an edit is indexed again.
   */
  readonly commit: string;
}

/** Folders never part of the fingerprint: git's own, and dependencies the index leaves out anyway. */
const SKIPPED = new Set([".git", "node_modules"]);

/** Reads the checkout's identity; never fails (no git, no origin: the fallbacks above). */
export async function readCheckoutIdentity(root: string): Promise<CheckoutIdentity> {
  const isGit = existsSync(path.join(root, ".git"));
  const [origin, head, dirty] = isGit
    ? await Promise.all([git(root, ["remote", "get-url", "origin"]), git(root, ["rev-parse", "HEAD"]), git(root, ["status", "--porcelain"])])
    : [undefined, undefined, undefined];
  const named = origin?.match(/github\.com[/:]([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/);
  const clean = head !== undefined && /^[0-9a-f]{40,64}$/.test(head) && dirty === "";
  return {
    owner: named?.[1] ?? "local",
    repo: named?.[2] ?? (path.basename(root) || "checkout"),
    commit: clean ? head : await fingerprint(root),
  };
}

function git(root: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile("git", ["-C", root, ...args], { timeout: 10_000, maxBuffer: 4 << 20 }, (error, stdout) => resolve(error ? undefined : stdout.trim()));
  });
}

async function fingerprint(root: string): Promise<string> {
  const hash = createHash("sha1");
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (SKIPPED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => undefined);
        if (info) hash.update(`${prefix}${entry.name}\0${info.size}\0${info.mtimeMs}\n`);
      }
    }
  };
  await walk(root, "");
  return hash.digest("hex");
}
