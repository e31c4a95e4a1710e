/**
 * The MCP server measured through its real stdio transport, driven by the SDK's Client (bench only):
 *
 *   token cost   npx tsx bench/mcp-stdio.ts cost --repo DIR --store FILE
 *     for five queries, the tokens of search_symbols (5 results) + get_symbol (the top 3 ids) against the cl100k
 *     tokens of every indexed file;
 *   latency      npx tsx bench/mcp-stdio.ts latency --repo DIR --store FILE [--issues dataset.jsonl --issue-repo owner/name]
 *     server start-up to the first answer (spawn → initialize → first tools/call) on a warm store, then the warm
 *     latency of each tool over N calls (median and p95);
 *   after edit   npx tsx bench/mcp-stdio.ts after-edit --repo DIR --store FILE --file PATH --issue-file FILE
 *     `locate` (4,000 tokens) right after a one-line edit to PATH, N times (the file is restored at the end).
 *
 * The server is the built command (`node dist/cli-bundle/bin.js mcp`): run `npm run build` first.
 */
import { appendFileSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parseDataset } from "../src/eval/dataset.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { parseBenchArgs } from "./bench-args.js";

const QUERIES = ["router route handler", "middleware", "error exception", "request response", "context bind"];
const CALLS = Number(process.env.CALLS ?? 25);

const [mode, ...rest] = process.argv.slice(2);
const args = parseBenchArgs(rest);
const repo = realpathSync(args.one("repo", "."));
const store = args.one("store", "");
const bin = join(import.meta.dirname, "../dist/cli-bundle/bin.js");

async function connect(): Promise<{ client: Client; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [bin, "mcp", "--repo", repo, "--store", store], stderr: "inherit",
    env: Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)),
  });
  const client = new Client({ name: "bugscout-bench", version: "1.0.0" });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

async function call(client: Client, name: string, a: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: a }, undefined, { timeout: 600_000 })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, any>;
}

if (mode === "cost") {
  const { client, close } = await connect();
  await call(client, "file_outline", { path: "package.json" }).catch(() => undefined); // indexes on first use
  const counter = await loadCl100k();
  const db = openIndexStore(store);
  const all = db.listFiles().reduce((sum, f) => sum + counter.count(readFileSync(join(repo, f.path), "utf8")), 0);
  db.close();
  let total = 0;
  for (const query of QUERIES) {
    const search = await call(client, "search_symbols", { query, limit: 5 });
    const ids = search.symbols.slice(0, 3).map((s: { id: string }) => s.id);
    const got = ids.length > 0 ? await call(client, "get_symbol", { ids }) : { tokens: 0 };
    total += search.tokens + got.tokens;
    console.log(`| ${query} | ${search.tokens} | ${got.tokens} | ${search.tokens + got.tokens} | ${ids.join(", ")} |`);
  }
  console.log(`mean per query: ${Math.round(total / QUERIES.length)} tokens; all indexed files: ${all} tokens`);
  await close();
} else if (mode === "latency") {
  // A first session warms the store (and the saved ranking index) so start-up is measured warm.
  const warm = await connect();
  await call(warm.client, "search_symbols", { query: "model", limit: 1 });
  await warm.close();
  const spawned = performance.now();
  const { client, close } = await connect();
  const connected = performance.now();
  const first = await call(client, "search_symbols", { query: "queryset filter", limit: 5 });
  const answered = performance.now();
  console.log(`start-up: initialize ${ms(connected - spawned)}, first answer ${ms(answered - spawned)} after spawn`);
  const issues = args.has("issues")
    ? parseDataset(readFileSync(args.one("issues", ""), "utf8")).filter((r) => r.repo === args.one("issue-repo", "")).map((r) => r.body)
    : QUERIES;
  const ids: string[] = first.symbols.map((s: { id: string }) => s.id);
  const paths: string[] = [...new Set(first.symbols.map((s: { path: string }) => s.path))] as string[];
  const workloads: [string, (i: number) => Record<string, unknown>][] = [
    ["locate", (i) => ({ issue: issues[i % issues.length] })],
    ["search_symbols", (i) => ({ query: QUERIES[i % QUERIES.length], limit: 10 })],
    ["get_symbol", (i) => ({ ids: [ids[i % ids.length]] })],
    ["file_outline", (i) => ({ path: paths[i % paths.length] })],
  ];
  for (const [tool, argsOf] of workloads) {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await call(client, tool, argsOf(i));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    console.log(`| ${tool} | ${CALLS} | ${ms(at(0.5))} | ${ms(at(0.95))} | ${ms(times[0])} |`);
  }
  await close();
}

if (mode === "after-edit") {
  const file = join(repo, args.one("file", ""));
  const issue = readFileSync(args.one("issue-file", ""), "utf8");
  const original = readFileSync(file);
  const { client, close } = await connect();
  await call(client, "locate", { issue, token_budget: 4000 });
  const times: number[] = [];
  try {
    for (let i = 0; i < CALLS; i++) {
      // An agent reads the answer before its next edit: the index saved after the last answer is written by then.
      await new Promise((resolve) => setTimeout(resolve, 500));
      appendFileSync(file, `# bench edit ${i}\n`);
      const t = performance.now();
      await call(client, "locate", { issue, token_budget: 4000 });
      times.push(performance.now() - t);
    }
  } finally {
    writeFileSync(file, original);
    await close();
  }
  times.sort((a, b) => a - b);
  console.log(`locate after a one-line edit: median ${ms(times[Math.floor(times.length / 2)])} of ${CALLS} (${times.map(Math.round).join(", ")} ms)`);
}

function ms(x: number): string {
  return `${Math.round(x)} ms`;
}
