import { existsSync } from "node:fs";
import { connect } from "node:net";
import { resolve } from "node:path";
import type { RankRequestOptions } from "./command-rank.js";
import { resolveCheckout } from "./resolve-checkout.js";
import { rankSocketPath } from "./rank-server-socket.js";
import { readLine, serverVersion, type RankRequest, type RankResponse } from "./rank-server-protocol.js";
import { defaultStorePath } from "./store-path.js";

/** What a server answered: the lines to print, or the error to report. */
export interface ServedRank {
  readonly out: readonly string[];
  readonly error?: { readonly message: string; readonly code: number };
}

/** How long a server may take to accept the connection: a live one accepts at once. */
const CONNECT_MS = 1_000;
/** How long to wait for the answer (a refresh after a large change can take a while) before ranking here instead. */
const ANSWER_MS = 10 * 60_000;

/**
 * Asks the `bugscout serve` of the checkout's store for the ranking. Undefined — rank in this process — when no
 * server runs, its socket is stale, it is of another build or serves another checkout, or it does not answer in time.
 */
export async function rankThroughServer(
  target: { readonly repo: string | undefined; readonly store: string | undefined; readonly dense: boolean },
  options: RankRequestOptions,
  text: string,
): Promise<ServedRank | undefined> {
  const root = resolveCheckout(target.repo);
  const store = resolve(target.store ?? defaultStorePath(root));
  const socket = rankSocketPath(store);
  if (!socket || (process.platform !== "win32" && !existsSync(socket))) return undefined;
  const request: RankRequest = { version: serverVersion(), root, store, dense: target.dense, options: pick(options), text };
  const answer = await exchange(socket, `${JSON.stringify(request)}\n`);
  if (!answer || "refused" in answer) return undefined;
  return "error" in answer ? { out: [], error: answer.error } : { out: answer.out };
}

/** Sends one request line and reads one answer line; undefined on any failure. */
function exchange(socket: string, line: string): Promise<RankResponse | undefined> {
  return new Promise((resolveAnswer) => {
    const conn = connect(socket);
    let settled = false;
    const finish = (value: RankResponse | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      resolveAnswer(value);
    };
    let timer = setTimeout(() => finish(undefined), CONNECT_MS);
    conn.once("connect", () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(undefined), ANSWER_MS);
      // Not end(): the answer comes back on this connection, and a half-closed socket is closed by a default server.
      conn.write(line);
      void readLine(conn, Infinity).then((answer) => {
        try {
          finish(answer === undefined ? undefined : (JSON.parse(answer) as RankResponse));
        } catch {
          finish(undefined);
        }
      });
    });
    conn.once("error", () => finish(undefined));
    conn.once("close", () => finish(undefined));
  });
}

function pick(o: RankRequestOptions): RankRequestOptions {
  return { top: o.top, mode: o.mode, include: o.include, exclude: o.exclude, budgetMs: o.budgetMs, json: o.json, ...(o.symbols ? { symbols: true } : {}) };
}
