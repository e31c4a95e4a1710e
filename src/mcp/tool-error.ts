/**
 * A call the client can fix (bad arguments, a path outside the repository, an unknown id): answered as an MCP error
 * result with this message, never as a crash. `details` travel as the result's structured content.
 */
export class ToolInputError extends Error {
  constructor(message: string, readonly details?: Readonly<Record<string, unknown>>) {
    super(message);
    this.name = "ToolInputError";
  }
}
