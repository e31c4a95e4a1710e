import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { rankLexical } from "../../src/rank/rank-lexical.js";
import type { LexicalIndex } from "../../src/rank/lexical-index.js";
import type { TreeSpec } from "../index/temp-tree.js";
import { indexFixtureTree } from "./indexed-fixture-tree.js";

// The code graph as ranking evidence (issue 22), on trees indexed by the real indexer.

async function indexOf(t: TestContext, spec: TreeSpec): Promise<LexicalIndex> {
  return (await indexFixtureTree(t, spec)).index;
}

const HTTP: TreeSpec = {
  "src/http/body-handler.ts": `/** Reads a request body: chunked or with a content length. */
export interface BodyHandler {
  /** Handles one chunk of the request body. */
  handle(chunk: Uint8Array): void;
  /** Called after the last chunk of the body. */
  end(): void;
}
`,
  "src/http/chunked-body.ts": `import type { BodyHandler } from "./body-handler.js";
export class ChunkedBody implements BodyHandler {
  private parts: Uint8Array[] = [];
  handle(chunk: Uint8Array) { this.parts.push(chunk.subarray(0, chunk.length - 1)); }
  end() {}
}
`,
  "src/http/request.ts": `import type { BodyHandler } from "./body-handler.js";
export function readRequest(handler: BodyHandler, chunks: Uint8Array[]) {
  for (const chunk of chunks) handler.handle(chunk);
  handler.end();
}
`,
};

const ISSUE = "BodyHandler loses the last byte of every chunk\nA chunked request body handled by a BodyHandler is one byte short per chunk.";

test("a named interface lends to its implementation, and the evidence says which type it implements", async (t) => {
  const index = await indexOf(t, HTTP);
  const without = rankLexical(index, ISSUE, { graph: { types: 0 } });
  const withTypes = rankLexical(index, ISSUE, { graph: { types: 0.6 } });
  const rank = (files: typeof without, path: string) => files.findIndex((f) => f.path === path);
  assert.equal(without[0].path, "src/http/body-handler.ts");
  assert.equal(without.find((f) => f.path === "src/http/chunked-body.ts")?.evidence.related, undefined);
  const lifted = withTypes.find((f) => f.path === "src/http/chunked-body.ts")!;
  assert.ok(rank(withTypes, lifted.path) < rank(without, lifted.path), "the implementation moves up");
  assert.deepEqual(lifted.evidence.related, { relation: "subtype", path: "src/http/body-handler.ts", name: "BodyHandler" });
  // request.ts only uses the interface: no type relation, no loan.
  assert.equal(withTypes.find((f) => f.path === "src/http/request.ts")?.evidence.related, undefined);
});

test("a crash site lends to the code that imports it and matches the issue, never to the test that drives it", async (t) => {
  const index = await indexOf(t, {
    "pkg/parse.py": `def parse_header(raw):\n    name, value = raw.split(":", 1)\n    return name.strip(), value.strip()\n`,
    "pkg/client.py": `from pkg.parse import parse_header\n\ndef read_headers(lines):\n    return [parse_header(line) for line in lines]\n`,
    "tests/test_client.py": `from pkg.parse import parse_header\nfrom pkg.client import read_headers\n\ndef test_folded():\n    read_headers(["a: b", " c"])\n`,
  });
  const issue = `Folded header lines crash the header parser
Traceback (most recent call last):
  File "tests/test_client.py", line 5, in test_folded
  File "pkg/parse.py", line 2, in parse_header
ValueError: not enough values to unpack (expected 2, got 1)
Continuation lines of a folded header are not joined.`;
  const withFeeders = rankLexical(index, issue, { graph: { feeders: 0.6 } });
  const client = withFeeders.find((f) => f.path === "pkg/client.py")!;
  assert.deepEqual(client.evidence.related, { relation: "feeds", path: "pkg/parse.py" });
  assert.equal(withFeeders.find((f) => f.path === "tests/test_client.py")?.evidence.related, undefined);
  const without = rankLexical(index, issue, { graph: { feeders: 0 } });
  const scoreOf = (files: typeof without, path: string) => files.find((f) => f.path === path)!.score;
  // The crash site first either way; its caller, whose loop feeds it the unjoined lines, gains 0.6 of its score.
  assert.equal(without[0].path, "pkg/parse.py");
  const loan = scoreOf(withFeeders, "pkg/client.py") - scoreOf(without, "pkg/client.py");
  assert.ok(Math.abs(loan - 0.6 * scoreOf(without, "pkg/parse.py")) < 1e-9, `loan ${loan}`);
});

test("a top-level scripts/ package the code imports is code; one nothing imports stays build", async (t) => {
  const index = await indexOf(t, {
    "app/main.py": "from scripts.render import render_page\n\ndef main():\n    render_page()\n",
    "scripts/__init__.py": "",
    "scripts/render.py": "from scripts.templates import TEMPLATE\n\ndef render_page():\n    return TEMPLATE\n",
    "scripts/templates.py": "TEMPLATE = '<html></html>'\n",
    "scripts/release.py": "def bump_version():\n    pass\n",
  });
  const role = (path: string) => index.files.find((f) => f.path === path)?.role;
  assert.equal(role("scripts/render.py"), "code");
  assert.equal(role("scripts/templates.py"), "code", "imported by a promoted file");
  assert.equal(role("scripts/release.py"), "build");
});
