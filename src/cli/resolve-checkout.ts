import { statSync } from "node:fs";
import { resolve } from "node:path";
import { CliError } from "./cli-error.js";

/** Checks that `dir` is a readable directory and returns its absolute path, or throws a `CliError` saying why not. */
export function resolveCheckout(dir: string | undefined): string {
  if (!dir) throw new CliError("No repository directory given. Pass --repo <dir> (or the directory after 'index').");
  const root = resolve(dir);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    throw new CliError(`Repository directory not found: ${dir}`);
  }
  if (!isDir) throw new CliError(`Not a directory: ${dir}`);
  return root;
}
