import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { loadCl100k, type TokenCounter } from "../../src/mcp/token-counter.js";
import { cleanEnv, installGlobally, packProject } from "./install-package.js";
import { connectMcp, isAlive, withTimeout, type McpSession } from "./mcp-client.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = readFileSync(join(import.meta.dirname, "../../examples/sample-issue.md"), "utf8");
/** `BUGSCOUT_TEST_FROM_SOURCE=1` runs the server from src/ through tsx: minutes faster while iterating on it. */
const FROM_SOURCE = process.env.BUGSCOUT_TEST_FROM_SOURCE === "1";

/** The JSON text of a result, parsed; it must be the structured content, byte for byte in meaning. */
function answer(result: CallToolResult): Record<string, any> {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  const text = (result.content[0] as { type: string; text: string }).text;
  const parsed = JSON.parse(text) as Record<string, any>;
  assert.deepEqual(parsed, result.structuredContent);
  return parsed;
}

/** The message of an error result. */
function errorText(result: CallToolResult): string {
  assert.equal(result.isError, true, JSON.stringify(result.content));
  return (result.content[0] as { text: string }).text;
}

// The installed `bugscout mcp` driven by the MCP SDK's own client over stdio, on a copy of the sample repository.
describe("the installed bugscout mcp server", { timeout: 420_000 }, () => {
  let work: string;
  let repo: string;
  let command: string;
  let prefixArgs: string[];
  let env: NodeJS.ProcessEnv;
  let session: McpSession;
  let counter: TokenCounter;
  const start = (...args: string[]) => connectMcp(command, [...prefixArgs, "mcp", ...args], env);

  before(async () => {
    work = mkdtempSync(join(tmpdir(), "bugscout-mcp-"));
    if (FROM_SOURCE) {
      command = process.execPath;
      prefixArgs = ["--import", import.meta.resolve("tsx"), join(import.meta.dirname, "../../src/cli/main.ts")];
    } else {
      const tarball = await packProject(work);
      const prefix = join(work, "prefix");
      const installed = await installGlobally(tarball, prefix, work);
      assert.equal(installed.code, 0, installed.stderr);
      command = join(prefix, "bin", "bugscout");
      prefixArgs = [];
    }
    env = cleanEnv({ HOME: join(work, "home") });
    repo = join(work, "repo");
    cpSync(SAMPLE, repo, { recursive: true });
    writeFileSync(join(work, "secret.txt"), "outside the repository\n");
    symlinkSync(join(work, "secret.txt"), join(repo, "pantry/secret.py"));
    counter = await loadCl100k();
    session = await start("--repo", repo, "--store", join(work, "sample.sqlite"));
  });
  after(async () => {
    await session?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("locates a trace through a checkout's committed bundle by its source map", async () => {
    const fixture = join(import.meta.dirname, "../fixtures/action-bundle");
    const checkout = join(work, "pairs-action");
    cpSync(join(fixture, "src"), join(checkout, "src"), { recursive: true });
    cpSync(join(fixture, "bundle"), join(checkout, "dist"), { recursive: true });
    const lineOf = (path: string, needle: string) => readFileSync(join(checkout, path), "utf8").split("\n").findIndex((l) => l.includes(needle)) + 1;
    const issue = `Fails on an empty input\nError: empty input\n    at parsePairs (/home/runner/work/_actions/acme/pairs/v1/dist/index.js:${lineOf("dist/index.js", 'throw new Error("empty input")')}:11)`;
    const bundled = await start("--repo", checkout, "--store", join(work, "pairs.sqlite"));
    try {
      const result = answer(await bundled.call("locate", { issue }));
      assert.equal(result.files[0].path, "src/parse.ts");
      assert.deepEqual([result.files[0].evidence.mention.kind, result.files[0].evidence.mention.line], ["frame", lineOf("src/parse.ts", 'throw new Error("empty input")')]);
    } finally {
      await bundled.close();
    }
  });

  it("lists its tools, each with a description and a strict input schema", async () => {
    const { tools } = await withTimeout(session.client.listTools(), 30_000, "tools/list");
    assert.deepEqual(tools.map((t) => t.name), ["locate", "search_symbols", "get_symbol", "file_outline", "related_files"]);
    for (const tool of tools) {
      assert.ok((tool.description ?? "").length > 200, tool.name);
      assert.equal(tool.inputSchema.type, "object");
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
    }
    const locate = tools.find((t) => t.name === "locate")!;
    assert.deepEqual(locate.inputSchema.required, ["issue"]);
  });

  it("locates the sample issue in pantry/units.py and returns convert's source within the budget", async () => {
    const result = answer(await session.call("locate", { issue: ISSUE }));
    assert.equal(result.files[0].path, "pantry/units.py");
    // The ranking's confidence in its first file, a probability; the issue names the module's function.
    assert.equal(typeof result.confidence, "number");
    assert.ok(result.confidence > 0.5 && result.confidence <= 1, String(result.confidence));
    assert.deepEqual(result.files[0].pointers[0], { id: "pantry/units.py::convert#function", kind: "function", start_line: 33, end_line: 40 });
    assert.ok(result.files[0].evidence.terms.includes("convert"));
    // units.py (390 tokens) is small enough to come whole at the default budget: its path is the code's id.
    assert.deepEqual({ ...result.code[0], source: undefined }, { id: "pantry/units.py", path: "pantry/units.py", start_line: 1, end_line: 47, source: undefined });
    assert.match(result.code[0].source, /\ndef convert\(quantity, from_unit, to_unit\):\n/);
    assert.equal(result.token_budget, 4000);
    // Where the file would take over half the budget, its pointer's source comes instead.
    const tight = answer(await session.call("locate", { issue: ISSUE, token_budget: 700 }));
    assert.equal(tight.code[0].id, "pantry/units.py::convert#function");
    assert.match(tight.code[0].source, /^def convert\(quantity, from_unit, to_unit\):\n/);
    assert.match(tight.code[0].source, /return base \* table\[to_unit\]$/);
    assert.equal(result.tokens, counter.count(JSON.stringify(result)));
    assert.ok(result.tokens <= 4000);
    // The sample's files are small (~1,200 tokens for the five ranked): here the answer is not smaller than them.
    assert.ok(result.file_tokens > 1000, String(result.file_tokens));
  });

  it("honours the token budget on the serialized answer and says what it left out", async () => {
    for (const budget of [250, 400, 700, 1000, 2000, 4000]) {
      const result = await session.call("locate", { issue: ISSUE, token_budget: budget, top: 8 });
      const text = (result.content[0] as { text: string }).text;
      const tokens = counter.count(text);
      if (result.isError) {
        assert.match(text, /too small/);
        continue;
      }
      const parsed = answer(result);
      assert.ok(tokens <= budget, `budget ${budget}: ${tokens}`);
      assert.equal(parsed.tokens, tokens);
      // Every pointer is shown, inside its file shown whole, or named as left out; a whole file that did not fit gave
      // its place back to its pointers, so no path is ever left out.
      const shown: string[] = parsed.code.map((c: { id: string }) => c.id);
      const whole = new Set(shown.filter((id) => !id.includes("::")));
      for (const file of parsed.files as { path: string; pointers: { id: string }[] }[]) {
        for (const p of file.pointers) {
          assert.ok(shown.includes(p.id) || whole.has(file.path) || parsed.left_out.includes(p.id), `budget ${budget}: ${p.id}`);
        }
      }
      assert.ok(parsed.left_out.every((id: string) => id.includes("::")), `budget ${budget}: ${parsed.left_out}`);
      // No line twice: the lines code items of one file show (their range less `omitted`) never overlap.
      type Item = { path: string; start_line: number; end_line: number; omitted?: { start_line: number; end_line: number }[] };
      const sent = new Set<string>();
      for (const c of parsed.code as Item[]) {
        for (let line = c.start_line; line <= c.end_line; line++) {
          if (c.omitted?.some((o) => o.start_line <= line && line <= o.end_line)) continue;
          assert.ok(!sent.has(`${c.path}:${line}`), `budget ${budget}: ${c.path}:${line} twice`);
          sent.add(`${c.path}:${line}`);
        }
      }
      assert.equal(new Set(shown).size, shown.length, "no symbol twice");
    }
    // shopping.py is small enough to come whole at 1,000 tokens, but after units.py it does not fit: its pointer comes.
    const fallback = answer(await session.call("locate", { issue: ISSUE, token_budget: 1000, top: 3 }));
    assert.deepEqual(fallback.code.slice(0, 2).map((c: { id: string }) => c.id), ["pantry/units.py", "pantry/shopping.py::format_line#function"]);
    // Then shopping.py's lines around the issue's words (its imports), sized against the answer as serialized: sized by
    // estimate it came out a few tokens over the room left and was dropped.
    assert.deepEqual({ ...fallback.code[2], source: undefined }, { id: "pantry/shopping.py", path: "pantry/shopping.py", start_line: 1, end_line: 6, source: undefined });
    const small = answer(await session.call("locate", { issue: ISSUE, token_budget: 1000, top: 8 }));
    assert.ok(small.left_out.length > 0, "a 1,000-token answer leaves pointers out");
    // At a small budget the file list takes at most a third of it: fewer files than asked, the lowest dropped.
    assert.ok(small.files.length < 8, String(small.files.length));
    assert.deepEqual(small.files.map((f: { path: string }) => f.path).slice(0, 2), ["pantry/units.py", "pantry/shopping.py"]);
    // Where units.py does not come whole, its best other symbol follows its pointer, before the next file's pointer.
    const deep = answer(await session.call("locate", { issue: ISSUE, token_budget: 700, top: 8 }));
    assert.deepEqual(deep.code.map((c: { path: string }) => c.path), ["pantry/units.py", "pantry/units.py", "pantry/shopping.py"]);
    assert.equal(deep.code[0].id, "pantry/units.py::convert#function");
  });

  it("finds symbols by the words of their names, with kind, path and language filters", async () => {
    const found = answer(await session.call("search_symbols", { query: "convert" }));
    assert.deepEqual(found.symbols[0], {
      id: "pantry/units.py::convert#function", kind: "function", qualified_name: "convert", path: "pantry/units.py",
      start_line: 33, end_line: 40, signature: "def convert(quantity, from_unit, to_unit):", score: found.symbols[0].score,
    });
    assert.ok(found.tokens < found.file_tokens);
    const methods = answer(await session.call("search_symbols", { query: "item", kind: "method", limit: 3 }));
    assert.ok(methods.symbols.length > 0 && methods.symbols.every((s: { kind: string }) => s.kind === "method"));
    assert.ok(methods.symbols.length <= 3);
    const ts = answer(await session.call("search_symbols", { query: "stock table", path: "web/**/*.ts", language: "typescript" }));
    assert.ok(ts.symbols.length > 0 && ts.symbols.every((s: { path: string }) => s.path.startsWith("web/src/")));
    const none = answer(await session.call("search_symbols", { query: "convert", path: "web/" }));
    assert.deepEqual(none.symbols, []);
  });

  it("outlines a file as a tree of ids and line ranges", async () => {
    const outline = answer(await session.call("file_outline", { path: "pantry/inventory.py" }));
    assert.equal(outline.language, "python");
    const inventory = outline.symbols.find((s: { name: string }) => s.name === "Inventory");
    assert.equal(inventory.id, "pantry/inventory.py::Inventory#class");
    assert.deepEqual(inventory.children.map((c: { id: string }) => c.id).slice(0, 2),
      ["pantry/inventory.py::Inventory.add_item#method", "pantry/inventory.py::Inventory.remove_item#method"]);
    assert.equal(inventory.children[0].start_line, 21);
  });

  it("shows what a file imports and what imports it, resolved to repository files", async () => {
    const related = answer(await session.call("related_files", { path: "pantry/inventory.py" }));
    // `from .units import normalize` resolves; `dataclasses` and `datetime` are the standard library's.
    assert.deepEqual(related.imports, ["pantry/units.py"]);
    assert.ok(related.imported_by.includes("pantry/storage.py"), JSON.stringify(related.imported_by));
    assert.equal(related.truncated, false);
    assert.ok(related.tokens > 0);
  });

  it("returns a symbol's current lines after an edit above it, and names close ids for a removed one", async () => {
    const before = answer(await session.call("get_symbol", { id: "pantry/units.py::convert#function", context_lines: 1 }));
    assert.equal(before.symbols[0].start_line, 33);
    assert.equal(before.symbols[0].from_line, 32);
    const units = join(repo, "pantry/units.py");
    const text = readFileSync(units, "utf8");
    const edited = text.replace("def convert(", "# one\n# two\n# three\ndef convert(")
      .replace(/\n\ndef normalize\(quantity, unit\):[\s\S]*$/, "\n");
    writeFileSync(units, edited);

    const after = answer(await session.call("get_symbol", { ids: ["pantry/units.py::convert#function"] }));
    assert.equal(after.symbols[0].start_line, 36);
    assert.equal(after.symbols[0].end_line, 43);
    assert.match(after.symbols[0].source, /^def convert\(/);
    assert.equal(after.symbols[0].source, before.symbols[0].source.split("\n").slice(1, -1).join("\n"));

    const gone = await session.call("get_symbol", { id: "pantry/units.py::normalize#function" });
    const message = errorText(gone);
    assert.match(message, /No current symbol has the id 'pantry\/units\.py::normalize#function'/);
    assert.match(message, /Closest current ids: pantry\/units\.py::/);
    assert.ok(!message.includes("return quantity * table"), "no code for a stale id");

    const located = answer(await session.call("locate", { issue: ISSUE }));
    assert.deepEqual(located.files[0].pointers[0].start_line, 36);
  });

  it("shows a long Python docstring by its summary in locate's code, names the lines left out, and get_symbol has them", async () => {
    // Over 800 tokens as it is; with its docstring shortened it fits half the budget, so the first ranked file comes
    // whole, shortened like the function's own view would be.
    const params = Array.from({ length: 80 }, (_, i) => `    weight_${i} : float\n        How much rating ${i} counts.`).join("\n");
    writeFileSync(join(repo, "pantry/ratings.py"), [
      "def average_rating(ratings, weights):",
      '    """Average the recipe ratings with their weights.',
      "",
      "    Parameters",
      "    ----------",
      params,
      '    """',
      "    return sum(r * w for r, w in zip(ratings, weights)) / len(ratings)",
      "",
    ].join("\n"));
    const issue = "average_rating divides by the number of ratings\n\naverage_rating(ratings, weights) should divide by the summed weights.";
    const located = answer(await session.call("locate", { issue, token_budget: 2000 }));
    const code = located.code.find((c: { id: string }) => c.id === "pantry/ratings.py");
    assert.ok(code, JSON.stringify(located.code.map((c: { id: string }) => c.id)));
    assert.deepEqual(code.omitted, [{ start_line: 3, end_line: 166 }]);
    assert.match(code.source, /^def average_rating\(ratings, weights\):\n {4}"""Average the recipe ratings with their weights\.\n {4}\.\.\. \(docstring lines 3-166 left out\)\n {4}return sum/);
    assert.equal(located.tokens, counter.count(JSON.stringify(located)));
    const full = answer(await session.call("get_symbol", { id: "pantry/ratings.py::average_rating#function" }));
    assert.match(full.symbols[0].source, /weight_79 : float/);
  });

  it("answers bad input with error results and keeps serving", async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["locate", { issue: ISSUE, colour: "red" }, /Unrecognized key/],
      ["locate", { issue: "" }, /issue text is empty/],
      ["locate", { issue: "   \n " }, /issue text is empty/],
      ["locate", { issue: ISSUE, token_budget: 0 }, /token_budget/],
      ["locate", { issue: ISSUE, token_budget: -5 }, /token_budget/],
      ["locate", { issue: ISSUE, token_budget: 20 }, /too small/],
      ["locate", { issue: ISSUE, top: 21 }, /top/],
      ["file_outline", { path: "../secret.txt" }, /outside the repository/],
      ["file_outline", { path: "/etc/passwd" }, /absolute path/],
      ["file_outline", { path: "pantry/secret.py" }, /not an indexed file/],
      ["file_outline", { path: "pantry" }, /not an indexed file/],
      ["related_files", { path: "../secret.txt" }, /outside the repository/],
      ["related_files", { path: "pantry/secret.py" }, /not an indexed file/],
      ["search_symbols", { query: "x", path: "../../" }, /outside the repository/],
      ["get_symbol", {}, /Give `id`/],
      ["get_symbol", { id: "pantry/units.py" }, /not a symbol id/],
      ["get_symbol", { id: "../secret.txt::x#function" }, /No current symbol/],
      ["get_symbol", { id: "pantry/units.py::convert#function", context_lines: 51 }, /context_lines/],
      ["no_such_tool", {}, /no_such_tool/],
    ];
    for (const [tool, args, expected] of cases) {
      const message = errorText(await session.call(tool, args));
      assert.match(message, expected, `${tool} ${JSON.stringify(args)}`);
      assert.ok(!message.includes("outside the repository\n"), "never the secret's text");
    }
    // Still serving after all of them.
    assert.equal(answer(await session.call("search_symbols", { query: "convert" })).symbols.length, 1);
  });

  it("reports a repository that cannot be indexed as an error result, and exits when the client closes", async () => {
    const missing = await start("--repo", join(work, "no-such-dir"), "--store", join(work, "missing.sqlite"));
    try {
      const message = errorText(await missing.call("locate", { issue: ISSUE }));
      assert.match(message, /Repository directory not found/);
      assert.match(errorText(await missing.call("file_outline", { path: "a.py" })), /Repository directory not found/);
    } finally {
      const closed = await missing.close();
      // The SDK's client waits up to 2 s for the server to exit by itself before it signals it.
      assert.ok(closed.ms < 1_900, `the server took ${Math.round(closed.ms)} ms to exit after its stdin closed`);
      assert.ok(closed.pid !== null && !isAlive(closed.pid));
    }
    assert.ok(!missing.stderr.join("").includes("{\"jsonrpc\""), "nothing of the protocol on stderr");
  });
});
