import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware, type ApplicationFunction, type Probot } from "probot";
import { postDelivery } from "../support/post-delivery.js";

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

/**
 * Serves `app` through `probot`'s node middleware on a free loopback port, as `npm start` serves it.
 *
 * The middleware answers 202 ("still processing") when a delivery's handlers outlast its 9 s timeout, as GitHub's
 * 10 s limit wants; on a loaded machine a test's delivery can. `deliver` then waits for that delivery's handlers and
 * answers what the middleware would have answered in time (200, or 500 when a handler threw), so a test asserts the
 * outcome of the delivery, never the speed of the machine.
 */
export async function serveWebhooks(app: ApplicationFunction, probot: Probot, secret: string): Promise<WebhookServer> {
  const handlers = new Map<string, Promise<unknown>[]>();
  // The app's handlers, each recorded under the delivery id it runs for (the id `deliver` sent).
  const tracked: ApplicationFunction = (target, options) => app(new Proxy(target, {
    get(object, prop) {
      const value: unknown = Reflect.get(object, prop);
      if (prop !== "on") return typeof value === "function" ? value.bind(object) : value;
      return (event: Parameters<Probot["on"]>[0], handler: (context: { id: string }) => Promise<unknown>) =>
        object.on(event, ((context: { id: string }) => {
          const run = Promise.resolve().then(() => handler(context));
          handlers.set(context.id, [...(handlers.get(context.id) ?? []), run]);
          return run;
        }) as Parameters<Probot["on"]>[1]);
    },
  }), options);
  const middleware = await createNodeMiddleware(tracked, { probot });
  const server: Server = createServer((req, res) => void middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async deliver(event, payload, options = {}) {
      const id = randomUUID();
      const { status } = await postDelivery(url, event, payload, { secret, id, ...options });
      const runs = handlers.get(id) ?? [];
      handlers.delete(id);
      if (status !== 202) return status;
      const settled = await Promise.allSettled(runs);
      return settled.some((r) => r.status === "rejected") ? 500 : 200;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
