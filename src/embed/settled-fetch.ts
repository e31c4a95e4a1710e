/** Status of the synthetic response {@link settledFetch} returns when the request never got an HTTP answer. */
export const FETCH_FAILURE_STATUS = 599;
/** Header marking that synthetic response, so it is never mistaken for a real 599 from a proxy. */
export const FETCH_FAILURE_HEADER = "x-bugscout-fetch-failure";

/**
 * `fetch` that turns a network failure or an abort into a synthetic 599 response instead of a rejection.
 *
 * Why: voyageai 0.4.0 arms its own per-request timer and clears it only when `fetch` resolves. A rejected fetch
 * (refused connection, our own abort) leaves that timer pending for the full SDK timeout, which keeps a CLI
 * process alive for tens of seconds after a failure. Resolving lets the SDK clear its timer; the classifier
 * recognises the marker header and reports the failure as unreachable, timeout or aborted.
 */
export async function settledFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    const detail = error instanceof Error ? [error.message, error.cause instanceof Error ? error.cause.message : ""].filter(Boolean).join(": ") : "request failed";
    return new Response(JSON.stringify({ detail }), {
      status: FETCH_FAILURE_STATUS,
      headers: { "content-type": "application/json", [FETCH_FAILURE_HEADER]: "1" },
    });
  }
}
