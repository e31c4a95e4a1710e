import { parseArgs } from "node:util";
import type { RequestedMode } from "../triage/rank-issue.js";
import { REQUESTED_MODES } from "../triage/requested-modes.js";
import { CliError } from "./cli-error.js";
import { USAGE } from "./cli-usage.js";

/** Parses the arguments after the command with every option the commands take; an unknown one is a usage error. */
export function parseOptions(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        repo: { type: "string", multiple: true },
        issue: { type: "string" },
        "issue-file": { type: "string" },
        store: { type: "string" },
        "store-dir": { type: "string" },
        top: { type: "string" },
        mode: { type: "string" },
        include: { type: "string", multiple: true },
        exclude: { type: "string", multiple: true },
        "budget-ms": { type: "string" },
        dataset: { type: "string" },
        labelled: { type: "string" },
        trees: { type: "string" },
        out: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
        symbols: { type: "boolean" },
        local: { type: "boolean" },
        "idle-minutes": { type: "string" },
        post: { type: "boolean" },
        "api-url": { type: "string" },
        history: { type: "boolean" },
        negatives: { type: "boolean" },
        since: { type: "string" },
        installation: { type: "string" },
        "history-weight": { type: "string" },
        "dry-run": { type: "boolean" },
        url: { type: "string" },
        org: { type: "string" },
        port: { type: "string" },
        "github-url": { type: "string" },
        settings: { type: "string" },
        label: { type: "string", multiple: true },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
}

/** An option's value as a string (the last, when given more than once); undefined when absent. */
export function str(value: string | boolean | (string | boolean)[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return typeof value === "string" ? value : undefined;
}

/** All the values of a repeatable option, in order; none when absent. */
export function list(value: string | boolean | (string | boolean)[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** A whole-number option (`fallback` when absent); anything else is a usage error naming `flag`. */
export function int(value: string | boolean | (string | boolean)[] | undefined, flag: string, fallback: number): number {
  const text = str(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${flag} takes a whole number, got '${text}'.`);
  return n;
}

/** Drops undefined entries (the option objects are exact: `exactOptionalPropertyTypes`). */
export function optional<T extends Record<string, string | undefined>>(values: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: string };
}

/** `--history-weight`: a number from 0 to 1 (`fallback` when absent); anything else is a usage error. */
export function weight(value: string | boolean | (string | boolean)[] | undefined, fallback: number): number {
  const text = str(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new CliError(`--history-weight takes a number from 0 to 1, got '${text}'.`);
  return n;
}

/** `--mode`: one of the requested modes (`auto` when absent); anything else is a usage error. */
export function mode(value: string | boolean | (string | boolean)[] | undefined): RequestedMode {
  const text = str(value) ?? "auto";
  if (!REQUESTED_MODES.includes(text as RequestedMode)) throw new CliError(`--mode takes one of ${REQUESTED_MODES.join(", ")}, got '${text}'.`);
  return text as RequestedMode;
}
