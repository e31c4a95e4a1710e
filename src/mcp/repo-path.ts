import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import { ToolInputError } from "./tool-error.js";

/**
 * Checks a repository-relative path given by a client and returns it normalised (POSIX, no `./`). Absolute paths,
 * `..` segments that leave the root, and empty paths are refused before anything touches the disk.
 */
export function normaliseRepoPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed === "") throw new ToolInputError("The path is empty: give a file path relative to the repository root.");
  if (isAbsolute(trimmed) || /^[A-Za-z]:[\\/]/.test(trimmed) || trimmed.startsWith("\\")) {
    throw new ToolInputError(`'${path}' is an absolute path: give a path relative to the repository root.`);
  }
  const normal = posix.normalize(trimmed.replaceAll("\\", "/"));
  if (normal === ".." || normal.startsWith("../")) {
    throw new ToolInputError(`'${path}' is outside the repository: paths must stay under its root.`);
  }
  return normal.replace(/^\.\//, "").replace(/\/$/, "");
}

/** How the tools reach the disk: injected, so tests and benches can serve files from elsewhere. */
export interface RepoFs {
  /** The real path (symlinks resolved); throws when it does not exist. */
  realpath(path: string): string;
  readText(path: string): string;
}

/**
 * Reads a repository file by its relative path, refusing one whose real location (after symlinks) is outside the
 * real root: a link in the tree pointing at `~/.ssh` must not become a way to read it.
 */
export function readRepoText(fs: RepoFs, root: string, path: string): string {
  const rel = normaliseRepoPath(path);
  let real: string;
  try {
    real = fs.realpath(resolve(root, rel));
  } catch {
    throw new ToolInputError(`'${rel}' does not exist in the repository.`);
  }
  const realRoot = fs.realpath(root);
  const inside = relative(realRoot, real);
  if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) {
    throw new ToolInputError(`'${rel}' resolves outside the repository: it is not read.`);
  }
  return fs.readText(real);
}
