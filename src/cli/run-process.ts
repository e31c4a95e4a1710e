import { readCliEnv } from "../cli-env.js";
import type { CliIo } from "./cli-io.js";
import { createProgressReporter } from "./progress.js";

/** The CLI's entry (main.ts `main`), passed in so main.ts can use this file without an import cycle. */
export type CliMain = (argv: readonly string[], io: CliIo, env: ReturnType<typeof readCliEnv>) => Promise<number>;

/** Runs the CLI on this process's arguments and sets its exit code; the one place that touches the real streams. */
export async function runProcess(main: CliMain): Promise<void> {
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: createProgressReporter(process.stderr),
  };
  process.exitCode = await main(process.argv.slice(2), io, readCliEnv());
}
