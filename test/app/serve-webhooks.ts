import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sign } from "@octokit/webhooks-methods";
import { createNodeMiddleware, type ApplicationFunction, type Probot } from "probot";

/** The app behind Probot's node middleware on 127.0.0.1, and signed deliveries to it. */
export interface WebhookServer {
  readonly url: string;
  /**
   * Posts one signed webhook delivery and answers the HTTP status. `signature`: a given header value, or `null` to
   * send none (default: signed with `secret`).
   */
  deliver(event: string, payload: unknown, options?: { signature?: string | null }): Promise<number>;
  /** Stops accepting deliveries and closes open connections. */
  close(): Promise<void>;
}

/** Serves `app` through `probot`'s node middleware on a free loopback port, as `npm start` serves it. */
export async function serveWebhooks(app: ApplicationFunction, probot: Probot, secret: string): Promise<WebhookServer> {
  const middleware = await createNodeMiddleware(app, { probot });
  const server: Server = createServer((req, res) => void middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async deliver(event, payload, options = {}) {
      const body = JSON.stringify(payload);
      const signature = options.signature === undefined ? await sign(secret, body) : options.signature;
      const response = await fetch(`${url}/api/github/webhooks`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-github-event": event,
          "x-github-delivery": randomUUID(),
          ...(signature === null ? {} : { "x-hub-signature-256": signature }),
        },
      });
      await response.text();
      return response.status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
