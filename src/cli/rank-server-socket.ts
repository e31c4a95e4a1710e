import { lstatSync, mkdirSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/**
 * Where the `bugscout serve` of a store listens: a Unix socket in a folder only this user can enter
 * (`$XDG_RUNTIME_DIR/bugscout`, else `<tmp>/bugscout-<uid>`), named by a hash of the store's absolute path; a named
 * pipe on Windows. Undefined when that folder is not private (another user's, a symlink, open to others): a socket
 * there could be someone else's server, so it is neither used nor created. With `create`, the folder is made (0700).
 */
export function rankSocketPath(storePath: string, create = false, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const name = `rank-${pathHash(storePath)}`;
  if (process.platform === "win32") return `\\\\.\\pipe\\bugscout-${userInfo().username}-${name}`;
  const uid = process.getuid?.() ?? 0;
  const dir = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, "bugscout") : join(tmpdir(), `bugscout-${uid}`);
  if (create) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      return undefined;
    }
  }
  try {
    const s = lstatSync(dir);
    if (!s.isDirectory() || s.uid !== uid || (s.mode & 0o077) !== 0) return undefined;
  } catch {
    return undefined;
  }
  const path = join(dir, `${name}.sock`);
  // Unix socket paths are limited to ~107 bytes; a longer runtime folder leaves the server off.
  return Buffer.byteLength(path) <= 100 ? path : undefined;
}

/** Two 32-bit FNV-1a lanes of the path, as hex: a name, not a secret (no `node:crypto` load on the rank path). */
function pathHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
