import { summarizeError } from "../triage/summarize-error.js";
import type { Log } from "../triage/ports.js";

/** The context fields the boundary logs with. */
interface EventContext {
  readonly id: string;
  readonly name: string;
  readonly log: Log;
}

/**
 * The one error boundary per event: an unexpected failure is logged once with the event name and delivery id
 * (credentials redacted, no request objects) and the delivery still gets its answer; nothing crashes. With `rethrow`
 * (the queue worker), the failure is logged and passed on, so the job can be retried.
 */
export function withErrorBoundary<C extends EventContext>(
  handler: (context: C) => Promise<void>,
  rethrow = false,
): (context: C) => Promise<void> {
  return async (context) => {
    try {
      await handler(context);
    } catch (err) {
      context.log.error({ event: context.name, id: context.id, err: summarizeError(err) }, "event handling failed");
      // A queue worker decides from the failure whether the job is retried (docs/scaling.md).
      if (rethrow) throw err;
    }
  };
}
