import { randomBytes } from "node:crypto";
import { summarizeError } from "../triage/summarize-error.js";
import type { Log } from "../triage/ports.js";

const SHOWN = ["issue", "commit", "files", "bytes", "ms", "mode", "reason", "confidence", "upsert", "skip", "role", "truncated"] as const;

/**
 * The use-cases' logger in a workflow run: one line per message on stdout, warnings and errors as `::warning::` and
 * `::error::` annotations. A dry run's comment is printed in a collapsed group with workflow commands stopped around
 * it, since the body quotes the issue and must not be able to issue `::…::` commands.
 */
export function createActionLog(write: (text: string) => void): Log {
  const fields = (obj: object) => {
    const record = obj as Record<string, unknown>;
    const parts = SHOWN.flatMap((k) => {
      const v = record[k];
      if (typeof v === "number") return [`${k} ${Number.isInteger(v) ? v : v.toFixed(2)}`];
      return typeof v === "string" || typeof v === "boolean" ? [`${k} ${String(v).slice(0, 200)}`] : [];
    });
    const err = record.err ?? record.error;
    if (err !== undefined) parts.push(`error ${typeof err === "string" ? err : summarizeError(err).message}`);
    return parts.length > 0 ? ` (${parts.join(", ")})` : "";
  };
  return {
    info(obj, msg) {
      const body = (obj as { body?: unknown }).body;
      if (typeof body === "string" && msg.startsWith("dry run")) {
        const stop = randomBytes(16).toString("hex");
        write(`BugScout: ${msg}${fields(obj)}\n::group::The comment BugScout would post\n::stop-commands::${stop}\n${body}\n::${stop}::\n::endgroup::\n`);
        return;
      }
      write(`BugScout: ${msg}${fields(obj)}\n`);
    },
    warn: (obj, msg) => write(`::warning::BugScout: ${oneLine(msg + fields(obj))}\n`),
    error: (obj, msg) => write(`::error::BugScout: ${oneLine(msg + fields(obj))}\n`),
    debug: () => undefined,
  };
}

// An annotation is one line; a newline would end it and start an arbitrary log line.
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}
