import { randomUUID } from "node:crypto";
import { sign } from "@octokit/webhooks-methods";

/** How {@link postDelivery} signs and names a delivery. */
export interface DeliveryOptions {
  /** The webhook secret the body is signed with. */
  readonly secret: string;
  /** A given `x-hub-signature-256` value, or `null` to send none (default: the body signed with `secret`). */
  readonly signature?: string | null;
  /** The `x-github-delivery` id (default: a random UUID). */
  readonly id?: string;
}

/**
 * POSTs one webhook delivery to the app at `baseUrl` (`http://127.0.0.1:<port>`) as GitHub sends it: the JSON payload
 * with the event, delivery id and signature headers. Answers the HTTP status and the response body, read to the end.
 */
export async function postDelivery(baseUrl: string, event: string, payload: unknown, options: DeliveryOptions): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  const signature = options.signature === undefined ? await sign(options.secret, body) : options.signature;
  const response = await fetch(`${baseUrl}/api/github/webhooks`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-github-event": event,
      "x-github-delivery": options.id ?? randomUUID(),
      ...(signature === null ? {} : { "x-hub-signature-256": signature }),
    },
  });
  return { status: response.status, body: await response.text() };
}
