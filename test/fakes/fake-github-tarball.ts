import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tar from "tar-stream";

/** One entry of a test tarball; names are written as given, so tests can build hostile archives. */
export interface TarEntrySpec {
  readonly name: string;
  readonly content?: string | Buffer;
  readonly type?: "file" | "directory" | "symlink" | "link" | "character-device";
  readonly linkname?: string;
  /** Header size override (for a header that lies about the body). */
  readonly size?: number;
}

/** Builds a gzipped tarball from entry specs with tar-stream. */
export async function buildTarball(entries: readonly TarEntrySpec[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const entry of entries) {
    const type = entry.type ?? "file";
    const body = entry.content === undefined ? Buffer.alloc(0) : Buffer.from(entry.content);
    await new Promise<void>((resolve, reject) => {
      const header = { name: entry.name, type, mode: type === "directory" ? 0o755 : 0o644, ...(entry.linkname ? { linkname: entry.linkname } : {}) };
      if (type === "file") pack.entry({ ...header, size: entry.size ?? body.length }, body, (err) => (err ? reject(err) : resolve()));
      else pack.entry(header, (err) => (err ? reject(err) : resolve()));
    });
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/**
 * Builds a GitHub-style tarball from a fixture directory: every file under `<prefix>/`, as codeload wraps the tree
 * in `<owner>-<repo>-<short sha>/`.
 */
export async function tarballFromDirectory(dir: string, prefix: string): Promise<Buffer> {
  const entries: TarEntrySpec[] = [{ name: `${prefix}/`, type: "directory" }];
  for (const file of await listFiles(dir)) {
    entries.push({ name: `${prefix}/${file}`, content: await readFile(path.join(dir, file)) });
  }
  return buildTarball(entries);
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}
