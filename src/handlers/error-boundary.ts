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
 * (credentials redacted, no request objects) and the delivery still gets its answer; nothing crashes.
 */
export function withErrorBoundary<C extends EventContext>(handler: (context: C) => Promise<void>): (context: C) => Promise<void> {
  return async (context) => {
    try {
      await handler(context);
    } catch (err) {
      context.log.error({ event: context.name, id: context.id, err: summarizeError(err) }, "event handling failed");
    }
  };
}
