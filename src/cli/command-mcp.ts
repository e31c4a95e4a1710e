import { readFileSync, realpathSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "../mcp/create-mcp-server.js";
import { createLazyTokenCounter } from "../mcp/token-counter.js";
import type { Indexer } from "../triage/create-indexer.js";
import type { Log } from "../triage/ports.js";
import type { CliIo } from "./cli-io.js";
import { createCheckoutSession } from "./checkout-session.js";
import { createStderrLog } from "./stderr-log.js";

/** Options of `bugscout mcp`. */
export interface McpCommandOptions {
  /** The checkout to serve; the current directory when absent. */
  readonly repo?: string;
  readonly store?: string;
}

/** The protocol's streams: the process's stdin and stdout for the real command. */
export interface McpStreams {
  readonly input: Readable;
  readonly output: Writable;
}

/**
 * `bugscout mcp`: a Model Context Protocol server on stdio for coding agents, over one checkout. The index is
 * opened (created on first use) and refreshed incrementally before every call, so an agent that edits files gets
 * current line numbers. Runs until the client closes stdin; stdout carries only the protocol, diagnostics go to
 * stderr.
 */
export async function runMcpCommand(io: CliIo, indexer: Indexer, options: McpCommandOptions, streams: McpStreams): Promise<void> {
  const log = createStderrLog(io.err);
  const checkout = createCheckoutSession(indexer, io, options);
  const { server, warm } = createMcpServer({
    withRepo: checkout.withRepo,
    fs: { realpath: (path) => realpathSync(path), readText: (path) => readFileSync(path, "utf8") },
    tokens: createLazyTokenCounter(),
    log,
    version: packageVersion(),
  });
  const transport = new StdioServerTransport(streams.input, streams.output);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The SDK's stdio transport does not watch for the end of its input: a client that exits ends the server here.
    streams.input.once("end", () => void transport.close());
  });
  await server.connect(transport);
  // Index (or refresh) while the client is still listing tools: the first call then finds the index warm.
  void warm().catch((error: unknown) => warnUnindexed(log, error));
  try {
    await closed;
  } finally {
    await server.close().catch(() => undefined);
    await checkout.close();
  }
}

function warnUnindexed(log: Log, error: unknown): void {
  log.warn({ error: error instanceof Error ? error.message : String(error) }, "the repository could not be indexed yet");
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  } catch {
    return "0.0.0";
  }
}
