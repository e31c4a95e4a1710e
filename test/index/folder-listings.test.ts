import assert from "node:assert/strict";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { decodeFolderEntries, encodeFolderEntries } from "../../src/index/folder-listings.js";
import { createFsTreeSource } from "../../src/index/fs-tree-source.js";
import { walkSelection } from "../../src/index/select-files.js";
import { selectAll } from "./select-all.js";
import type { TreeEntry } from "../../src/index/tree-source.js";
import { decodeFolderListings, encodeFolderListings } from "../../src/store/folder-listings-codec.js";
import { SCHEMA_VERSION } from "../../src/store/migrations.js";
import { LATER, refreshHarness, storeAtSchema } from "./refresh-harness.js";
import { writeTree, type TreeSpec } from "./temp-tree.js";

const TREE: TreeSpec = {
  "pkg/a.py": "def alpha():\n    pass\n",
  "pkg/sub/b.py": "def beta():\n    pass\n",
  "docs/guide.md": "# Guide\n",
  "README.md": "# Sample\n",
};
async function setUp(t: TestContext, storePath?: string) {
  const h = await refreshHarness(t, TREE, storePath);
  const paths = () => h.store.listFiles().map((f) => f.path);
  return { ...h, paths };
}

test("a refresh of an unchanged tree lists no folder once their listings are recorded", async (t) => {
  const h = await setUp(t);
  const cold = await h.run();
  assert.deepEqual(cold.listed, ["", "docs", "pkg", "pkg/sub"]);
  assert.deepEqual([...h.store.loadFolderListings().keys()].sort(), ["", "docs", "pkg", "pkg/sub"]);

  const warm = await h.run();
  assert.deepEqual([warm.listed, warm.reads], [[], []]);
  assert.deepEqual([warm.report.files, warm.report.generation], [4, 1]);
});

test("a folder whose entries changed is listed again: added, removed, renamed, a file become a folder or a link", async (t) => {
  const h = await setUp(t);
  await h.run();

  writeFileSync(join(h.root, "pkg/sub/c.py"), "def gamma():\n    pass\n");
  const added = await h.run();
  assert.deepEqual([added.listed, added.reads], [["pkg/sub"], ["pkg/sub/c.py"]]);
  assert.deepEqual(h.paths(), ["README.md", "docs/guide.md", "pkg/a.py", "pkg/sub/b.py", "pkg/sub/c.py"]);
  assert.deepEqual((await h.run()).listed, []);

  rmSync(join(h.root, "docs/guide.md"));
  renameSync(join(h.root, "pkg/a.py"), join(h.root, "pkg/z.py"));
  const moved = await h.run();
  assert.deepEqual(moved.listed, ["docs", "pkg"]);
  assert.deepEqual(h.paths(), ["README.md", "pkg/sub/b.py", "pkg/sub/c.py", "pkg/z.py"]);

  // The same names, other kinds: a file replaced by a folder, another by a symlink (never followed).
  rmSync(join(h.root, "pkg/z.py"));
  mkdirSync(join(h.root, "pkg/z.py"));
  writeFileSync(join(h.root, "pkg/z.py/inner.py"), "def inner():\n    pass\n");
  rmSync(join(h.root, "pkg/sub/c.py"));
  symlinkSync("b.py", join(h.root, "pkg/sub/c.py"));
  const kinds = await h.run();
  assert.deepEqual(kinds.listed, ["pkg", "pkg/sub", "pkg/z.py"]);
  assert.deepEqual(kinds.report.skipped.symlink, 1);
  assert.deepEqual(h.paths(), ["README.md", "pkg/sub/b.py", "pkg/z.py/inner.py"]);

  // A whole folder removed, then one of that name created again (a new inode): listed, never recalled.
  rmSync(join(h.root, "pkg/sub"), { recursive: true });
  await h.run();
  writeTree(h.root, { "pkg/sub/d.py": "def delta():\n    pass\n" });
  const recreated = await h.run();
  assert.ok(recreated.listed.includes("pkg/sub"));
  assert.deepEqual(h.paths(), ["README.md", "pkg/sub/d.py", "pkg/z.py/inner.py"]);
});

test("the walk visits the same files in the same order with recalled listings as when it lists every folder", async (t) => {
  const h = await setUp(t);
  writeTree(h.root, { "pkg/B.py": "x = 1\n", "pkg/b-c.py": "y = 2\n", "pkg/b.c": "int z;\n", "pkg/img.png": "\x00" });
  await h.run();
  const source = createFsTreeSource(h.root);
  const stored = h.store.loadFolderListings();
  const recalled: string[] = [];
  const known = {
    lookup: () => undefined,
    trustChangesBefore: LATER(),
    folders: { lookup: (path: string) => stored.get(path), record: (l: { path: string }, listed: boolean) => { if (!listed) recalled.push(l.path); } },
  };
  const events = (k?: typeof known) => [...walkSelection(source, {}, k)].map((e) => (e.kind === "skipped" ? `${e.kind}:${e.path}` : `${e.kind}:${e.file.path}`));
  const withListings = events(known);
  assert.equal(recalled.length, 4);
  assert.deepEqual(withListings, events());
  assert.deepEqual(selectAll(source).files.map((f) => `selected:${f.path}`), withListings.filter((e) => e.startsWith("selected")));
});

test("folders changed within the settle time are listed every time, and not recorded", async (t) => {
  const h = await setUp(t);
  await h.run({ fileClock: Date.now });
  assert.equal(h.store.loadFolderListings().size, 0);
  assert.equal((await h.run({ fileClock: Date.now })).listed.length, 4);
});

test("listings are written alone only when many folders were listed afresh; a damaged listing is listed again", async (t) => {
  const h = await setUp(t);
  await h.run();
  const writes = () => Number(h.store.db.prepare("SELECT count(*) FROM folder_listings").pluck().get());

  // No listings stored (a store upgraded with a tree already indexed): the unchanged refresh records them.
  h.store.db.prepare("DELETE FROM folder_listings").run();
  assert.equal((await h.run()).listed.length, 4);
  assert.equal(writes(), 1);
  assert.equal(h.store.loadFolderListings().size, 4);

  // One folder of four changed without the tree changing (a skipped file): a quarter, written.
  writeFileSync(join(h.root, "docs/logo.png"), "\x00");
  assert.deepEqual((await h.run()).listed, ["docs"]);
  assert.deepEqual((await h.run()).listed, []);

  // A listing the walk cannot have written is not trusted, whatever its fingerprint.
  const listings = h.store.loadFolderListings();
  const pkg = listings.get("pkg")!;
  h.store.replaceFolderListings([...listings.values()].map((l) => (l === pkg ? { ...pkg, entries: "?nonsense" } : l)));
  const damaged = await h.run();
  assert.deepEqual(damaged.listed, ["pkg"]);
  assert.deepEqual(h.paths(), ["README.md", "docs/guide.md", "pkg/a.py", "pkg/sub/b.py"]);

  // A damaged blob as a whole: every folder is listed.
  h.store.db.prepare("UPDATE folder_listings SET body = ?").run(Buffer.from("pkg\0only two parts"));
  assert.equal(h.store.loadFolderListings().size, 0);
  assert.equal((await h.run()).listed.length, 4);
});

test("a schema-5 store gains folder listings: lists every folder once, then none", async (t) => {
  const h = await setUp(t, storeAtSchema(t, 5));
  assert.equal(h.store.getMeta("schema_version"), String(SCHEMA_VERSION));
  assert.equal((await h.run()).listed.length, 4);
  assert.equal((await h.run()).listed.length, 0);
});

test("entries and listings encode and decode whole: any name a folder can hold", () => {
  const entries: TreeEntry[] = [
    { name: "a b.py", kind: "file" }, { name: "line\nbreak", kind: "file" }, { name: "ünï©ødé", kind: "directory" },
    { name: "link", kind: "symlink" }, { name: "fifo", kind: "other" }, { name: "x", kind: "file" },
  ];
  assert.deepEqual(decodeFolderEntries(encodeFolderEntries(entries)), entries);
  assert.deepEqual(decodeFolderEntries(encodeFolderEntries([])), []);
  assert.equal(decodeFolderEntries("f"), undefined);
  assert.equal(decodeFolderEntries("qname"), undefined);

  const listings = [
    { path: "", stat: "1:2:3:4", entries: encodeFolderEntries(entries) },
    { path: "ünï/line\nbreak", stat: "5:6.5:7.25:8", entries: "" },
  ];
  assert.deepEqual([...decodeFolderListings(encodeFolderListings(listings)).values()], listings);
  assert.equal(decodeFolderListings(encodeFolderListings([])).size, 0);
  assert.equal(decodeFolderListings(undefined).size, 0);
});
