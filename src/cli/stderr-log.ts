import type { Log } from "../triage/ports.js";

/** Fields worth a word in a progress line; anything else (comment bodies, issue text) is never printed. */
const SHOWN = ["commit", "files", "bytes", "ms", "mode", "reason", "upsert", "truncated", "skip", "role", "code", "error"] as const;
/** Messages the command reports itself, in its own words. */
const QUIET = new Set(["dry run: comment not posted", "dry run: help not posted", "comment upserted", "comment decision", "issue type"]);

/**
 * The use-cases' logger for a terminal: each info, warning or error becomes one `bugscout: …` line on stderr with a
 * few scalar fields (download, index, rank progress); debug is dropped. stdout stays the command's result alone.
 */
export function createStderrLog(write: (line: string) => void, options: { readonly debug?: boolean } = {}): Log {
  const line = (prefix: string) => (obj: object, msg: string) => {
    if (QUIET.has(msg)) return;
    const fields = obj as Record<string, unknown>;
    const parts = SHOWN.flatMap((k) => {
      const value = fields[k];
      return isScalar(value) ? [`${k} ${format(k, value)}`] : [];
    });
    write(`bugscout: ${prefix}${msg}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`);
  };
  return {
    info: line(""),
    warn: line("warning: "),
    error: line("error: "),
    debug: options.debug ? line("debug: ") : () => undefined,
  };
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

function format(key: string, value: string | number | boolean): string {
  if (key === "commit" && typeof value === "string") return value.slice(0, 7);
  if (key === "ms" && typeof value === "number") return String(Math.round(value));
  return String(value).slice(0, 200);
}
