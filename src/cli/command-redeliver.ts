import { readFileSync } from "node:fs";
import { Octokit } from "@octokit/rest";
import type { CliEnv } from "../cli-env.js";
import { createAppJwt } from "../github/app-jwt.js";
import { redeliverFailed } from "../github/redeliver-failed.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";

/** Options of `bugscout redeliver`. */
export interface RedeliverOptions {
  readonly since?: string;
  readonly dryRun: boolean;
  readonly json: boolean;
  readonly now: Date;
}

/**
 * `bugscout redeliver --since <time>`: asks GitHub to redeliver the App's webhook deliveries that failed since then
 * (a web role that answered 503 while Redis was down, a deployment that was offline). Authenticates as the App
 * (APP_ID + PRIVATE_KEY or PRIVATE_KEY_PATH); prints one line per delivery. Exit code 1 if a request failed.
 */
export async function runRedeliverCommand(io: CliIo, env: CliEnv, options: RedeliverOptions): Promise<number> {
  const since = parseSince(options.since, options.now);
  const app = env.app;
  if (!app?.appId) throw new CliError("redeliver needs APP_ID (the numeric App ID) in the environment.");
  const privateKey = app.privateKey ?? (app.privateKeyPath ? readKey(app.privateKeyPath) : undefined);
  if (!privateKey) throw new CliError("redeliver needs PRIVATE_KEY (the PEM text) or PRIVATE_KEY_PATH in the environment.");
  let jwt: string;
  try {
    jwt = createAppJwt(app.appId, privateKey, Math.floor(options.now.getTime() / 1000));
  } catch {
    throw new CliError("PRIVATE_KEY is not a valid PEM private key.");
  }
  const octokit = new Octokit({ auth: jwt, baseUrl: app.apiBaseUrl, log: { debug() {}, info() {}, warn() {}, error() {} } });
  let outcomes;
  try {
    outcomes = await redeliverFailed(octokit, since, options.dryRun);
  } catch (error) {
    const status = (error as { status?: number }).status;
    throw new CliError(`listing the App's deliveries failed${status ? ` (HTTP ${status})` : ""}: ${(error as Error).message.split("\n")[0]}`);
  }
  if (options.json) io.out(JSON.stringify(outcomes));
  else {
    for (const o of outcomes) io.out(`${o.result.padEnd(10)} ${o.guid}  ${o.event}  delivered ${o.deliveredAt} → ${o.statusCode}`);
    io.out(`${outcomes.length} failed deliver${outcomes.length === 1 ? "y" : "ies"} since ${since.toISOString()}${options.dryRun ? " (dry run: nothing requested)" : ""}`);
  }
  return outcomes.some((o) => o.result.startsWith("failed")) ? 1 : 0;
}

/** An ISO time (`2026-11-30T12:00:00Z`) or an age (`30m`, `6h`, `2d`). */
export function parseSince(text: string | undefined, now: Date): Date {
  if (!text) throw new CliError("redeliver needs --since <time> (an ISO time such as 2026-11-30T12:00:00Z, or an age such as 6h or 2d).");
  const age = /^(\d+)([mhd])$/.exec(text.trim());
  if (age) return new Date(now.getTime() - Number(age[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[age[2] as "m" | "h" | "d"]);
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw new CliError(`--since takes an ISO time or an age such as 6h, got '${text}'.`);
  return new Date(parsed);
}

function readKey(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new CliError(`cannot read PRIVATE_KEY_PATH ${file}.`);
  }
}
