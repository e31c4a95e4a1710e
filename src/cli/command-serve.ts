import { unlinkSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { resolve } from "node:path";
import type { StoreDense } from "../triage/create-store-dense.js";
import type { Indexer } from "../triage/create-indexer.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { createCheckoutSession } from "./checkout-session.js";
import { rankOnIndex } from "./command-rank.js";
import { resolveCheckout } from "./resolve-checkout.js";
import { rankSocketPath } from "./rank-server-socket.js";
import { MAX_REQUEST_BYTES, readLine, requestProblem, serverVersion, type RankRequest, type RankResponse } from "./rank-server-protocol.js";
import { defaultStorePath } from "./store-path.js";

/** Options of `bugscout serve`. */
export interface ServeCommandOptions {
  /** The checkout to serve; the current directory when absent. */
  readonly repo?: string;
  readonly store?: string;
  /** The server exits after this many minutes without a request. */
  readonly idleMinutes: number;
  /** Ends the server (besides SIGINT, SIGTERM and the idle time): for tests and embedding. */
  readonly signal?: AbortSignal;
}

/**
 * `bugscout serve`: keeps one checkout's index open and answers `bugscout rank` from it, so a warm rank costs the
 * client's start-up plus a refresh and a ranking in a process whose code is already compiled — not a fresh process
 * loading the saved index. Listens on a socket only this user can reach (`rankSocketPath`); every request is
 * refreshed first (as `rank` and `mcp` do), so answers are those `rank --local` gives. Logs one line per request to
 * stderr (its time, never the issue text). Resolves when it stops: idle, a signal, or `options.signal`.
 */
export async function runServeCommand(io: CliIo, indexer: Indexer, options: ServeCommandOptions, dense?: StoreDense): Promise<void> {
  const root = resolveCheckout(options.repo ?? ".");
  const storePath = resolve(options.store ?? defaultStorePath(root));
  const socketPath = rankSocketPath(storePath, true);
  if (!socketPath) throw new CliError("Cannot serve: no private folder for the server's socket (set XDG_RUNTIME_DIR to a folder only you can enter).");
  if (await answers(socketPath)) throw new CliError(`A server for this checkout is already running (${socketPath}).`);
  removeStale(socketPath);

  const session = createCheckoutSession(indexer, io, { repo: root, store: storePath });
  // Index (or refresh) and load now: the first request then finds the index warm.
  const store = await session.withRepo((repo) => repo.store);
  const version = serverVersion();
  // Half-open: a client that ends its side after the request still gets the answer.
  const server = createServer({ allowHalfOpen: true }, (conn) => void handle(conn));
  let idle: NodeJS.Timeout | undefined;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolveStop) => (stop = resolveStop));
  const touch = (): void => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(stop, options.idleMinutes * 60_000);
    idle.unref();
  };

  async function handle(conn: Socket): Promise<void> {
    // A client gone before its answer (killed, timed out) must not take the server down with an unhandled EPIPE.
    conn.on("error", () => undefined);
    touch();
    const line = await readLine(conn, MAX_REQUEST_BYTES);
    let response: RankResponse;
    const started = performance.now();
    if (line === undefined) response = { refused: `the request was not one JSON line of at most ${MAX_REQUEST_BYTES} bytes` };
    else response = await answer(line);
    conn.end(`${JSON.stringify(response)}\n`);
    io.err(`bugscout serve: ${"refused" in response ? `refused (${response.refused})` : "error" in response ? "rank failed" : "ranked"} in ${Math.round(performance.now() - started)} ms`);
    touch();
  }

  async function answer(line: string): Promise<RankResponse> {
    let request: RankRequest;
    try {
      request = JSON.parse(line) as RankRequest;
    } catch {
      return { refused: "the request is not JSON" };
    }
    const problem = requestProblem(request);
    if (problem) return { refused: problem };
    if (request.version !== version) return { refused: "another build of bugscout" };
    if (request.root !== root || request.store !== storePath) return { refused: "another checkout or store" };
    if (request.dense !== (dense !== undefined)) return { refused: "the client and the server differ in having an embedding key" };
    const out: string[] = [];
    try {
      await session.withRepo((repo) => rankOnIndex({ out: (l) => out.push(l) }, repo, request.options, request.text, dense, true));
      return { out };
    } catch (error) {
      if (error instanceof CliError) return { error: { message: error.message, code: error.exitCode } };
      // Not the user's input: the client ranks in its own process and shows what goes wrong there.
      io.err(`bugscout serve: ${error instanceof Error ? error.message : String(error)}`);
      return { refused: "the server failed" };
    }
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolveListen());
  });
  io.err(`bugscout serve: serving ${root} on ${socketPath} (exits after ${options.idleMinutes} idle minutes)`);
  touch();
  const onSignal = (): void => stop();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  options.signal?.addEventListener("abort", onSignal, { once: true });
  try {
    await stopped;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (idle) clearTimeout(idle);
    await new Promise<void>((done) => server.close(() => done()));
    removeStale(socketPath);
    await dense?.release(store);
    await session.close();
    io.err("bugscout serve: stopped");
  }
}

/** Whether a server answers on the socket (a live one accepts at once). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolveAnswers) => {
    const conn = connect(socketPath);
    const timer = setTimeout(() => finish(false), 1_000);
    function finish(value: boolean): void {
      clearTimeout(timer);
      conn.destroy();
      resolveAnswers(value);
    }
    conn.once("connect", () => finish(true));
    conn.once("error", () => finish(false));
  });
}

/** Removes a socket file no server listens on (left by a killed server). */
function removeStale(socketPath: string): void {
  if (process.platform === "win32") return;
  try {
    unlinkSync(socketPath);
  } catch {
    // Not there: nothing to remove.
  }
}
