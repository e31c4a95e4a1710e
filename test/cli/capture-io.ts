import type { CliIo } from "../../src/cli/cli-io.js";

/** A CLI's output held for a test: the lines written to stdout (`out`) and stderr (`err`); progress goes nowhere. */
export function captureIo(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), progress: { update() {}, done() {} } };
  return { io, out, err };
}
