import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
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

/** The server's one-line answer: the printed lines and the result, an error to report, or a refusal. */
export type RankResponse =
  | { readonly out: readonly string[]; readonly result: unknown }
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
  if (!["auto", "bm25", "dense", "hybrid"].includes(o.mode as string)) return "'options.mode' is not a mode";
  for (const key of ["include", "exclude"] as const) {
    if (!Array.isArray(o[key]) || !(o[key] as unknown[]).every((x) => typeof x === "string")) return `'options.${key}' must be a list of strings`;
  }
  if (typeof o.json !== "boolean" || (o.symbols !== undefined && typeof o.symbols !== "boolean")) return "'options.json' and 'options.symbols' must be booleans";
  return undefined;
}
