import { readCliEnv } from "../cli-env.js";
import type { CliIo } from "./cli-io.js";
import { createProgressReporter } from "./progress.js";

/** The CLI's entry (main.ts `main`), passed in so main.ts can use this file without an import cycle. */
export type CliMain = (argv: readonly string[], io: CliIo, env: ReturnType<typeof readCliEnv>) => Promise<number>;

/** Runs the CLI on this process's arguments and sets its exit code; the one place that touches the real streams. */
export async function runProcess(main: CliMain): Promise<void> {
  // A reader that stops early (`bugscout rank … | head`) closes the pipe: stop quietly, as other CLIs do, rather
  // than die on an unhandled EPIPE with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e;
      process.exit(process.exitCode ?? 0);
    });
  }
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: createProgressReporter(process.stderr),
  };
  process.exitCode = await main(process.argv.slice(2), io, readCliEnv());
}
