import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, it } from "node:test";
import { extractTarball } from "../../src/github/extract-tarball.js";
import { createIndexEntrySelector } from "../../src/github/index-entry-selector.js";
import { DEFAULT_SNAPSHOT_LIMITS, type SnapshotLimits } from "../../src/github/snapshot-limits.js";
import type { TreeSource } from "../../src/index/tree-source.js";
import { buildTarball, type TarEntrySpec } from "../fakes/fake-github-tarball.js";

describe("extractTarball", () => {
  let work: string;
  let root: string;

  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), "bugscout-extract-"));
    root = path.join(work, "snapshot");
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  async function extract(entries: readonly TarEntrySpec[] | Buffer, limits: Partial<SnapshotLimits> = {}, memoryBytes = 0) {
    const gz = Buffer.isBuffer(entries) ? entries : await buildTarball(entries);
    return extractTarball(Readable.from([gz]), root, {
      selector: createIndexEntrySelector(),
      limits: { ...DEFAULT_SNAPSHOT_LIMITS, ...limits },
      strip: 1,
      memoryBytes,
    });
  }

  /** Every file of a tree source, path → text, walked from its root. */
  function readTree(source: TreeSource, dir = ""): Record<string, string> {
    const out: Record<string, string> = {};
    for (const entry of source.listDirectory(dir)) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.kind === "directory") Object.assign(out, readTree(source, rel));
      else {
        assert.equal(source.fileSize(rel), source.readFile(rel).length);
        out[rel] = Buffer.from(source.readFile(rel)).toString("utf8");
      }
    }
    return out;
  }

  async function tree(dir = root, prefix = ""): Promise<string[]> {
    const out: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) out.push(...(await tree(path.join(dir, entry.name), rel)));
      else out.push(entry.isSymbolicLink() ? `${rel} -> link` : rel);
    }
    return out.sort();
  }

  it("writes selected files without the top-level folder and skips by the indexer's rules", async () => {
    const report = await extract([
      { name: "o-r-abc/", type: "directory" },
      { name: "o-r-abc/src/app.py", content: "def main():\n    pass\n" },
      { name: "o-r-abc/README.md", content: "# hi\n" },
      { name: "o-r-abc/logo.png", content: "png" },
      { name: "o-r-abc/node_modules/x/index.js", content: "x" },
      { name: "o-r-abc/package-lock.json", content: "{}" },
      { name: "o-r-abc/data.txt", content: "a\u0000b" },
    ]);

    assert.deepEqual(await tree(), ["README.md", "src/app.py"]);
    assert.equal(await readFile(path.join(root, "src/app.py"), "utf8"), "def main():\n    pass\n");
    assert.deepEqual(report, {
      files: 2,
      bytes: 26,
      skipped: { binary: 2, vendored: 1, generated: 1 },
      rejected: [],
      rejectedCount: 0,
      truncated: false,
    });
  });

  it("rejects entries that escape the root, absolute paths, links and devices, and writes nothing outside", async () => {
    const report = await extract([
      { name: "o-r-abc/ok.py", content: "x = 1\n" },
      { name: "o-r-abc/../../escaped.py", content: "evil" },
      { name: "../outside.py", content: "evil" },
      { name: "/etc/passwd-bugscout", content: "evil" },
      { name: "C:/windows.py", content: "evil" },
      { name: "o-r-abc/link.py", type: "symlink", linkname: "/etc/passwd" },
      { name: "o-r-abc/hard.py", type: "link", linkname: "o-r-abc/ok.py" },
      { name: "o-r-abc/dev", type: "character-device" },
      { name: "o-r-abc/back\\slash.py", content: "evil" },
    ]);

    assert.deepEqual(await tree(), ["ok.py"]);
    assert.deepEqual(await readdir(work), ["snapshot"], "nothing was written next to the root");
    await assert.rejects(stat("/etc/passwd-bugscout"));
    assert.deepEqual(report.rejected, [
      { path: "o-r-abc/../../escaped.py", reason: "parent directory segment" },
      { path: "../outside.py", reason: "parent directory segment" },
      { path: "/etc/passwd-bugscout", reason: "absolute path" },
      { path: "C:/windows.py", reason: "absolute path" },
      { path: "link.py", reason: "symlink entry" },
      { path: "hard.py", reason: "link entry" },
      { path: "dev", reason: "character-device entry" },
      { path: "o-r-abc/back\\slash.py", reason: "backslash in name" },
    ]);
    assert.equal(report.rejectedCount, 8);
    assert.equal(report.files, 1);
  });

  it("refuses a duplicate entry and a file where a directory is needed instead of overwriting", async () => {
    const report = await extract([
      { name: "o-r-abc/a.py", content: "first\n" },
      { name: "o-r-abc/a.py", content: "second\n" },
      { name: "o-r-abc/a.py/b.py", content: "nested\n" },
    ]);

    assert.equal(await readFile(path.join(root, "a.py"), "utf8"), "first\n");
    assert.deepEqual(report.rejected.map((r) => r.reason), ["duplicate entry", "path conflict (a file where a directory is needed)"]);
  });

  it("skips files over the per-file cap without reading them", async () => {
    const report = await extract([
      { name: "o-r-abc/big.py", content: "x".repeat(5000) },
      { name: "o-r-abc/small.py", content: "y = 2\n" },
    ], { maxFileBytes: 4096 });

    assert.deepEqual(await tree(), ["small.py"]);
    assert.deepEqual(report.skipped, { "too-large": 1 });
  });

  it("stops at the file cap and reports a partial snapshot", async () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ name: `o-r-abc/f${i}.py`, content: `v = ${i}\n` }));
    const report = await extract(entries, { maxFiles: 3 });

    assert.deepEqual(await tree(), ["f0.py", "f1.py", "f2.py"]);
    assert.equal(report.truncated, true);
    assert.equal(report.truncatedBy, "files");
  });

  it("stops at the total byte cap", async () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ name: `o-r-abc/f${i}.py`, content: `${"z".repeat(99)}\n` }));
    const report = await extract(entries, { maxBytes: 250 });

    assert.deepEqual(await tree(), ["f0.py", "f1.py"]);
    assert.equal(report.truncatedBy, "bytes");
  });

  it("stops at the entry cap, counting skipped entries too", async () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ name: `o-r-abc/img${i}.png`, content: "p" }));
    const report = await extract([...entries, { name: "o-r-abc/late.py", content: "x\n" }], { maxEntries: 5 });

    assert.deepEqual(await tree().catch(() => []), []);
    assert.equal(report.truncatedBy, "entries");
  });

  it("stops a decompression bomb at the decompressed-bytes cap", async () => {
    // 64 MiB of zeros compresses to ~64 KiB: far beyond what the entries declare being worth reading.
    const bomb = await buildTarball([
      { name: "o-r-abc/ok.py", content: "x = 1\n" },
      { name: "o-r-abc/zeros.bin.py", content: Buffer.alloc(64 * 1024 * 1024) },
    ]);
    assert.ok(bomb.length < 1024 * 1024);

    const report = await extract(bomb, { maxDecompressedBytes: 4 * 1024 * 1024, maxFileBytes: 128 * 1024 * 1024 });

    assert.equal(report.truncatedBy, "decompressed-bytes");
    assert.deepEqual(await tree(), ["ok.py"]);
  });

  it("holds files in memory up to the allowance, writes the rest, and its tree reads them all", async () => {
    const entries: TarEntrySpec[] = [
      { name: "o-r-abc/a.py", content: "aaaaaaaaa\n" },
      { name: "o-r-abc/pkg/b.py", content: "bbbbbbbbb\n" },
      { name: "o-r-abc/pkg/b.py", content: "a duplicate\n" },
      { name: "o-r-abc/pkg/sub/c.py", content: "ccccccccc\n" },
      { name: "o-r-abc/logo.png", content: "png" },
    ];
    const expected = { "a.py": "aaaaaaaaa\n", "pkg/b.py": "bbbbbbbbb\n", "pkg/sub/c.py": "ccccccccc\n" };

    const mixed = await extract(entries, {}, 25);
    assert.ok(mixed.tree);
    assert.deepEqual(readTree(mixed.tree), expected);
    assert.deepEqual(await tree(), ["pkg/sub/c.py"], "past the allowance, files are written");
    assert.equal(mixed.files, 3);
    assert.deepEqual(mixed.rejected, [{ path: "pkg/b.py", reason: "duplicate entry" }]);
    assert.throws(() => mixed.tree!.readFile("logo.png"), /no file/);
    await rm(root, { recursive: true, force: true });

    const held = await extract(entries, {}, 1024);
    assert.ok(held.tree);
    assert.deepEqual(readTree(held.tree), expected);
    assert.deepEqual(await tree(), [], "nothing is written when all fit");
    await rm(root, { recursive: true, force: true });

    const written = await extract(entries);
    assert.equal(written.tree, undefined, "without an allowance the folder is the snapshot");
    assert.deepEqual(await tree(), Object.keys(expected));
  });

  it("fails with a clear error on a corrupt archive", async () => {
    const good = await buildTarball([{ name: "o-r-abc/a.py", content: "x\n".repeat(1000) }]);
    const corrupt = good.subarray(0, Math.floor(good.length / 2));

    await assert.rejects(extract(corrupt), /could not read the repository archive/);
    await assert.rejects(extract(gzipSync(Buffer.from("not a tar archive at all, just text".repeat(20)))), /could not read the repository archive/);
  });
});
