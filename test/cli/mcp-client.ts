import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** Past this a call fails the test instead of hanging it (the first call may index the repository). */
export const CALL_TIMEOUT_MS = 60_000;

/** An MCP client connected to a server it started over stdio, and what the server printed on stderr. */
export interface McpSession {
  readonly client: Client;
  readonly stderr: string[];
  /** Calls a tool; rejects past `CALL_TIMEOUT_MS`. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /**
   * Closes the client (ending the server's stdin), then kills the server if it is still there; resolves its pid and
   * how long the client's close took.
   */
  close(): Promise<{ pid: number | null; ms: number }>;
}

/** Rejects with `what` once `ms` pass before `promise` settles. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts `command args` as an MCP server through the SDK's own `StdioClientTransport` (the transport spawns it) and
 * connects a `Client`. Every step has a time limit; `close` always ends the process.
 */
export async function connectMcp(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command, args: [...args], stderr: "pipe",
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  });
  const stderr: string[] = [];
  transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: "bugscout-test", version: "1.0.0" });
  const close = async () => {
    const pid = transport.pid;
    const started = performance.now();
    await withTimeout(client.close(), 10_000, "closing the MCP client").catch(() => undefined);
    const ms = performance.now() - started;
    if (pid !== null && isAlive(pid)) process.kill(pid, "SIGKILL");
    return { pid, ms };
  };
  try {
    await withTimeout(client.connect(transport), CALL_TIMEOUT_MS, `connecting to ${command} ${args.join(" ")}\n${stderr.join("")}`);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    client,
    stderr,
    call: (name, callArgs) => withTimeout(
      client.callTool({ name, arguments: callArgs }) as Promise<CallToolResult>, CALL_TIMEOUT_MS, `${name} ${JSON.stringify(callArgs).slice(0, 200)}`),
    close,
  };
}

/** Whether a process is still there (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
