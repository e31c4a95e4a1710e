import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { TestContext } from "node:test";

/** A file body, or a symlink to create (target relative to the link). */
export type TreeSpec = Record<string, string | Uint8Array | { readonly symlink: string }>;

/** A fresh temporary directory, removed when the test ends. */
export function makeTempDir(t: TestContext, prefix = "bugscout-index-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes (or overwrites) files under `root`, creating directories; symlinks are created as links. */
export function writeTree(root: string, spec: TreeSpec): void {
  for (const [path, body] of Object.entries(spec)) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    if (typeof body === "object" && "symlink" in body) symlinkSync(body.symlink, target);
    else writeFileSync(target, body);
  }
}

/** Removes files under `root`. */
export function removeFiles(root: string, paths: readonly string[]): void {
  for (const path of paths) rmSync(join(root, path));
}
