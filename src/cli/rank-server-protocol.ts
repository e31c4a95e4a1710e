import { statSync } from "node:fs";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { RequestedMode } from "../triage/rank-issue.js";
import { REQUESTED_MODES } from "../triage/requested-modes.js";
import type { RankRequestOptions } from "./command-rank.js";

/** One `rank` asked of a `bugscout serve` process: one JSON line over its socket. */
export interface RankRequest {
  /** The client's {@link serverVersion}: a server of another build refuses, and the client ranks itself. */
  readonly version: string;
  /** The checkout and store the client resolved: a server serves only its own. */
  readonly root: string;
  readonly store: string;
  /** Whether the client has an embedding key: a server must rank in the same modes the client would. */
  readonly dense: boolean;
  readonly options: RankRequestOptions;
  readonly text: string;
}

/** The server's one-line answer: the lines to print, an error to report, or a refusal. */
export type RankResponse =
  | { readonly out: readonly string[] }
  | { readonly error: { readonly message: string; readonly code: number } }
  | { readonly refused: string };

/** The most a request may take (an issue text is far smaller); a longer one is refused, not read on. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

const PROTOCOL = 1;

/**
 * Identifies the code answering: the protocol and the modification times of this module's file and of the command
 * that was started (both rewritten by every build and install), so a server left running across an upgrade is not
 * asked. Not the ranking code's hash: loading it would cost the client the ranking modules it asks a server to spare
 * it. (Running from sources, `tsx`, edits elsewhere keep these times: restart a server after editing.)
 */
export function serverVersion(): string {
  const stamps = [fileURLToPath(import.meta.url), process.argv[1] ?? ""].map((file) => {
    try {
      return statSync(file).mtimeMs;
    } catch {
      return 0;
    }
  });
  return `${PROTOCOL}:${stamps.join(":")}`;
}

/** Checks a parsed request's shape; returns why it is not one, or undefined. */
export function requestProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "not a JSON object";
  const r = value as Record<string, unknown>;
  for (const key of ["version", "root", "store", "text"] as const) if (typeof r[key] !== "string") return `'${key}' must be a string`;
  if (typeof r.dense !== "boolean") return "'dense' must be a boolean";
  const o = r.options as Record<string, unknown> | undefined;
  if (typeof o !== "object" || o === null) return "'options' must be an object";
  if (!Number.isInteger(o.top) || (o.top as number) < 0 || !Number.isInteger(o.budgetMs) || (o.budgetMs as number) < 0) return "'options.top' and 'options.budgetMs' must be whole numbers";
  if (!REQUESTED_MODES.includes(o.mode as RequestedMode)) return "'options.mode' is not a mode";
  for (const key of ["include", "exclude"] as const) {
    if (!Array.isArray(o[key]) || !(o[key] as unknown[]).every((x) => typeof x === "string")) return `'options.${key}' must be a list of strings`;
  }
  if (typeof o.json !== "boolean" || (o.symbols !== undefined && typeof o.symbols !== "boolean")) return "'options.json' and 'options.symbols' must be booleans";
  return undefined;
}

/**
 * Reads one line from a socket (up to the first newline, or all it sent before ending), or undefined when it is
 * longer than `maxBytes` or the peer fails: how the server reads a request and the client its answer.
 */
export function readLine(conn: Socket, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolveLine) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (value: string | undefined): void => {
      conn.removeAllListeners("data");
      resolveLine(value);
    };
    conn.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      const end = chunk.indexOf(10);
      if (end >= 0) done(Buffer.concat(chunks).subarray(0, size - chunk.length + end).toString("utf8"));
      else if (size > maxBytes) done(undefined);
    });
    conn.once("end", () => done(size > 0 && size <= maxBytes ? Buffer.concat(chunks).toString("utf8") : undefined));
    conn.once("error", () => done(undefined));
  });
}
