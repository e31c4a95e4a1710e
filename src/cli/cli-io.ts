import type { ProgressReporter } from "./progress.js";

/** The CLI's outputs, injected so commands can be tested without a terminal. */
export interface CliIo {
  /** A line of the command's result, on stdout. */
  out(line: string): void;
  /** A line meant for the person (warnings), on stderr. */
  err(line: string): void;
  readonly progress: ProgressReporter;
}
