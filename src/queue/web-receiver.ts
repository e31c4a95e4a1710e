import type { IncomingMessage, ServerResponse } from "node:http";
import { verify } from "@octokit/webhooks-methods";
import type { Log } from "../triage/ports.js";
import type { DeliveryJob } from "./delivery-job.js";
import type { EnqueueResult } from "./shard-queues.js";

/** GitHub caps webhook payloads at 25 MB; anything larger is refused before it is buffered. */
const MAX_BODY_BYTES = 25 * 1024 * 1024;
/** Longest wait for Redis, and for PostgreSQL, before answering: GitHub gives up on a delivery after 10 s. */
const ENQUEUE_TIMEOUT_MS = 3_000;

/** What {@link webReceiver} needs. */
export interface WebReceiverDeps {
  readonly secret: string;
  /** `WEBHOOK_PATH`, default `/api/github/webhooks`. */
  readonly path: string;
  readonly enqueue: (job: DeliveryJob) => Promise<EnqueueResult>;
  /**
   * The durable accept: records the delivery (resolving false when its id was accepted before) before any 2xx. With
   * it, a delivery Redis cannot take is still answered 202 (the reconciler queues it later), and one that cannot be
   * recorded is answered 503. Without it, Redis alone decides between 202 and 503.
   */
  readonly accept?: (job: DeliveryJob) => Promise<boolean>;
  /** Called for a delivery whose id was accepted before (a redelivery), for metrics. */
  readonly onRedelivery?: () => void;
  readonly now: () => number;
  readonly log: Log;
  /** Called once per answered delivery, for metrics. */
  readonly observe?: (status: number, seconds: number) => void;
}

/**
 * The web role's webhook endpoint: checks the signature over the raw body, stores the delivery in its shard queue
 * (the delivery id is the job id) and answers 202 at once. 503 when the queue cannot take it, so the delivery shows
 * as failed on GitHub and can be redelivered; never a 2xx for work that was not kept. Returns false for other routes.
 */
export function webReceiver(deps: WebReceiverDeps) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.url ?? "").split("?")[0] !== deps.path || req.method !== "POST") return false;
    const started = performance.now();
    const answer = (status: number, body: object) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      deps.observe?.(status, (performance.now() - started) / 1000);
    };
    void receive(req, deps).then(
      (outcome) => answer(outcome.status, outcome.body),
      (error: unknown) => {
        deps.log.error({ err: error instanceof Error ? error.message : String(error) }, "webhook receiver failed");
        answer(500, { error: "internal error" });
      },
    );
    return true;
  };
}

async function receive(req: IncomingMessage, deps: WebReceiverDeps): Promise<{ status: number; body: object }> {
  const id = header(req, "x-github-delivery");
  const name = header(req, "x-github-event");
  const signature = header(req, "x-hub-signature-256");
  if (!id || !name || !signature) return { status: 400, body: { error: "missing X-GitHub-Delivery, X-GitHub-Event or X-Hub-Signature-256" } };
  const body = await readBody(req);
  if (body === undefined) return { status: 413, body: { error: "payload too large" } };
  if (!(await verify(deps.secret, body, signature).catch(() => false))) {
    deps.log.warn({ id, event: name }, "webhook signature does not match");
    return { status: 401, body: { error: "signature does not match" } };
  }
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { status: 400, body: { error: "payload is not JSON" } };
  }
  const job: DeliveryJob = { id, name, payload, receivedAt: deps.now() };
  if (deps.accept) {
    let fresh: boolean;
    try {
      fresh = await withTimeout(onceMore(() => deps.accept!(job)), ENQUEUE_TIMEOUT_MS);
    } catch (error) {
      deps.log.error({ id, event: name, err: error instanceof Error ? error.message : String(error) }, "delivery not recorded");
      return { status: 503, body: { error: "records unavailable; the delivery was not kept" } };
    }
    if (!fresh) deps.onRedelivery?.();
  }
  try {
    const { shard } = await withTimeout(deps.enqueue(job), ENQUEUE_TIMEOUT_MS);
    return { status: 202, body: { queued: id, shard } };
  } catch (error) {
    const err = error instanceof Error ? error.message : String(error);
    if (deps.accept) {
      deps.log.warn({ id, event: name, err }, "delivery recorded but not queued; the reconciler queues it when Redis answers");
      return { status: 202, body: { accepted: id } };
    }
    deps.log.error({ id, event: name, err }, "delivery not queued");
    return { status: 503, body: { error: "queue unavailable; the delivery was not kept" } };
  }
}

/** One more try after a failure: a pooled connection PostgreSQL just closed fails once, and the next one is new. */
async function onceMore<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    return fn();
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the queue within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
