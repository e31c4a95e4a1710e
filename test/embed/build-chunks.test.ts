import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { buildChunks } from "../../src/embed/build-chunks.js";
import type { SymbolInfo } from "../../src/index/types.js";

const STORE_PY = `"""Persistence for pantry items."""
import json
from pathlib import Path


class Store:
    """Keeps items on disk."""

    version = 2

    def __init__(self, root):
        self.root = Path(root)

    @property
    def size(self):
        return len(self.load())

    def save(self, items):
        data = json.dumps(items)
        self.root.write_text(data)


def load_default():
    return Store("~/.pantry").load()


if __name__ == "__main__":
    store = load_default()
    print(store.size)
    print("ok")
`;

const SYMBOLS: SymbolInfo[] = [
  { name: "Store", qualifiedName: "Store", kind: "class", startLine: 6, endLine: 20 },
  { name: "version", qualifiedName: "Store.version", kind: "property", startLine: 9, endLine: 9 },
  { name: "__init__", qualifiedName: "Store.__init__", kind: "constructor", startLine: 11, endLine: 12 },
  { name: "size", qualifiedName: "Store.size", kind: "method", startLine: 14, endLine: 16 },
  { name: "save", qualifiedName: "Store.save", kind: "method", startLine: 18, endLine: 20 },
  { name: "load_default", qualifiedName: "load_default", kind: "function", startLine: 23, endLine: 24 },
];

describe("buildChunks", () => {
  test("header, class outline, one unit per method and function, and a window for top-level code", () => {
    const chunks = buildChunks({ path: "pantry/store.py", text: STORE_PY, symbols: SYMBOLS });
    assert.deepEqual(
      chunks.map((c) => [c.ord, c.kind, c.name, c.startLine, c.endLine]),
      [
        [0, "header", "pantry/store.py", 1, 5],
        [1, "class", "Store", 6, 20],
        [2, "constructor", "Store.__init__", 11, 12],
        [3, "method", "Store.size", 14, 16],
        [4, "method", "Store.save", 18, 20],
        [5, "function", "load_default", 23, 24],
        [6, "window", "lines 25-30", 25, 30],
      ],
    );
    assert.equal(chunks[0].text, 'pantry/store.py\nfile header\n"""Persistence for pantry items."""\nimport json\nfrom pathlib import Path\n\n');
    assert.equal(
      chunks[1].text,
      [
        "pantry/store.py",
        "class Store",
        "class Store:",
        '    """Keeps items on disk."""',
        "",
        "    version = 2",
        "",
        "    def __init__(self, root):",
        "        ...",
        "",
        "    @property",
        "    def size(self):",
        "        ...",
        "",
        "    def save(self, items):",
        "        ...",
      ].join("\n"),
    );
    assert.equal(chunks[4].text, "pantry/store.py\nmethod Store.save\n    def save(self, items):\n        data = json.dumps(items)\n        self.root.write_text(data)");
    for (const c of chunks) assert.equal(c.hash, createHash("sha256").update(c.text).digest("hex"));
  });

  test("an edit above a function moves its lines but keeps its hash", () => {
    const before = buildChunks({ path: "pantry/store.py", text: STORE_PY, symbols: SYMBOLS });
    const shifted = SYMBOLS.map((s) => ({ ...s, startLine: s.startLine + 2, endLine: s.endLine + 2 }));
    const after = buildChunks({ path: "pantry/store.py", text: STORE_PY.replace("import json\n", "import json\nimport os\nimport sys\n"), symbols: shifted });
    const save = (cs: typeof before) => cs.find((c) => c.name === "Store.save")!;
    assert.equal(save(after).hash, save(before).hash);
    assert.equal(save(after).startLine, 20);
    assert.notEqual(after[0].hash, before[0].hash, "the header changed");
    const renamed = buildChunks({ path: "pantry/storage.py", text: STORE_PY, symbols: SYMBOLS });
    assert.notEqual(save(renamed).hash, save(before).hash, "the path is part of every unit");
  });

  test("an oversized function is split by lines into numbered parts", () => {
    const body = Array.from({ length: 25 }, (_, i) => `    x${i} = ${i}`);
    const text = ["def big():", ...body].join("\n") + "\n";
    const chunks = buildChunks({ path: "big.py", text, symbols: [{ name: "big", qualifiedName: "big", kind: "function", startLine: 1, endLine: 26 }] }, { maxLines: 10 });
    assert.deepEqual(
      chunks.map((c) => [c.kind, c.name, c.startLine, c.endLine]),
      [
        ["header", "big.py", 1, 1],
        ["function", "big (part 1/3)", 1, 10],
        ["function", "big (part 2/3)", 11, 20],
        ["function", "big (part 3/3)", 21, 26],
      ],
    );
    assert.ok(chunks[2].text.startsWith("big.py\nfunction big (part 2/3)\n    x9 = 9\n"));
  });

  test("a file without symbols is covered by header and line windows; a blank file has no units", () => {
    const text = Array.from({ length: 100 }, (_, i) => `SETTING_${i} = ${i}`).join("\n");
    const chunks = buildChunks({ path: "conf/settings.py", text, symbols: [] });
    assert.deepEqual(
      chunks.map((c) => [c.kind, c.startLine, c.endLine]),
      [["header", 1, 40], ["window", 41, 100]],
    );
    assert.deepEqual(buildChunks({ path: "pkg/__init__.py", text: "\n\n", symbols: [] }), []);
  });
});
