import path from "node:path";

/** A tar entry name turned into a safe path under the root, or the reason it was refused or ignored. */
export type EntryPath =
  | { readonly kind: "ok"; readonly path: string; readonly target: string }
  | { readonly kind: "rejected"; readonly reason: string }
  | { readonly kind: "root" };

/**
 * Validates a tar entry name: refuses NUL bytes, backslashes, absolute and drive paths and any `..` segment, drops
 * the first `strip` segments (GitHub wraps the tree in `<owner>-<repo>-<sha>/`) and checks that the result resolves
 * inside `root`. Pure.
 */
export function safeEntryPath(root: string, name: string, strip: number): EntryPath {
  if (name.includes("\0")) return { kind: "rejected", reason: "NUL byte in name" };
  if (name.includes("\\")) return { kind: "rejected", reason: "backslash in name" };
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return { kind: "rejected", reason: "absolute path" };
  const segments = name.split("/");
  if (segments.includes("..")) return { kind: "rejected", reason: "parent directory segment" };
  const kept = segments.filter((s) => s !== "" && s !== ".").slice(strip);
  if (kept.length === 0) return { kind: "root" };
  const relative = kept.join("/");
  const target = path.resolve(root, relative);
  if (!target.startsWith(path.resolve(root) + path.sep)) return { kind: "rejected", reason: "escapes the root" };
  return { kind: "ok", path: relative, target };
}
