import assert from "node:assert/strict";
import { test } from "node:test";
import type { BlobBuilder, NewContent } from "../../src/index/build-blob.js";
import { hashContent } from "../../src/index/hash-content.js";
import { createPrefetchingBuilder } from "../../src/index/prefetch-builder.js";
import type { BlobRecord } from "../../src/store/index-store.js";

/** A builder that records what it was asked to build and fails on contents whose text says so (naming their path). */
function recordingBuilder() {
  const built: string[] = [];
  const builder: BlobBuilder = {
    async build(contents) {
      built.push(...contents.map((c) => c.path));
      return contents.map((c): BlobRecord => {
        if (Buffer.from(c.bytes).toString().includes("FAIL")) throw new Error(`Content analysis failed for ${c.path}`);
        return { hash: c.hash, language: c.language, size: c.size, lineCount: 1, analysis: new Uint8Array([c.size]), symbols: [] };
      });
    },
  };
  return { builder, built };
}

function content(path: string, text: string, language: NewContent["language"] = "python"): NewContent {
  const bytes = Buffer.from(text);
  return { path, hash: hashContent(bytes), size: bytes.length, language, bytes };
}

test("offered contents are built once, early, and the run takes their records in its own order", async () => {
  const { builder, built } = recordingBuilder();
  const prefetch = createPrefetchingBuilder(builder);
  const a = content("pkg/a.py", "def a():\n    pass\n");
  const b = content("pkg/b.py", "def b():\n    return 2\n");
  const c = content("pkg/c.py", "def c():\n    return 3\n");
  prefetch.offer("elsewhere/b_copy.py", b.bytes);
  prefetch.offer(a.path, a.bytes);
  prefetch.offer(a.path, a.bytes);
  prefetch.offer("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  prefetch.offer("node_modules/x/index.js", Buffer.from("export const x = 1;\n"));

  const records = await prefetch.build([a, b, c]);

  assert.deepEqual(records.map((r) => r.hash), [a.hash, b.hash, c.hash]);
  assert.deepEqual(records.map((r) => r.size), [a.size, b.size, c.size]);
  // b was offered under another path (same content, same language): its early record is the run's.
  assert.deepEqual(built, ["elsewhere/b_copy.py", "pkg/a.py", "pkg/c.py"], "each content built once; binary and vendored files never");
});

test("a content offered under a path of another language is built again for the run's language", async () => {
  const { builder, built } = recordingBuilder();
  const prefetch = createPrefetchingBuilder(builder);
  const text = "int main() { return 0; }\n";
  prefetch.offer("src/main.c", Buffer.from(text));

  const [record] = await prefetch.build([content("src/main.cpp", text, "cpp")]);

  assert.equal(record.language, "cpp");
  assert.deepEqual(built, ["src/main.c", "src/main.cpp"]);
});

test("an early build that failed is built again by the run, whose error names the run's path", async () => {
  const { builder, built } = recordingBuilder();
  const prefetch = createPrefetchingBuilder(builder);
  prefetch.offer("early/broken.py", Buffer.from("FAIL = 1\n"));
  await new Promise((resolve) => setImmediate(resolve));

  await assert.rejects(prefetch.build([content("late/broken.py", "FAIL = 1\n")]), /Content analysis failed for late\/broken\.py/);
  assert.deepEqual(built, ["early/broken.py", "late/broken.py"]);
});
