/** An error whose message is meant for the person at the terminal; the CLI prints it without a stack. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
  }
}
