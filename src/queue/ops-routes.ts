import type { IncomingMessage, ServerResponse } from "node:http";
import type { OpsMetrics } from "./ops-metrics.js";

/** One dependency the health route checks (the queue, the records store). */
export interface HealthCheck {
  readonly name: string;
  readonly check: () => Promise<void>;
  /**
   * Whether the process is of no use while this fails (default true): then `/health` answers 503. A failing check
   * that is not essential makes it 200 "degraded": the process rides the outage out (reconnects by itself), and an
   * orchestrator restarting it would only lose the work in hand.
   */
  readonly essential?: boolean;
}

/** A check slower than this counts as failing: an orchestrator's probe times out at a few seconds. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * `GET /health`: 200 `{"status":"ok",…}` while every check passes, 200 `"degraded"` while only checks that are not
 * essential fail, else 503 `"unavailable"` (the orchestrator stops routing to the process); `failing` names them. `GET /metrics`: Prometheus text. Returns false for other routes.
 */
export function opsRoutes(options: { readonly version: string; readonly role: string; readonly checks: readonly HealthCheck[]; readonly metrics: OpsMetrics }) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (path === "/health") {
      void health(options.checks).then((failing) => {
        const down = options.checks.some((c) => c.essential !== false && failing.includes(c.name));
        const status = down ? 503 : 200;
        const word = down ? "unavailable" : failing.length > 0 ? "degraded" : "ok";
        res.writeHead(status, { "content-type": "application/json" });
        res.end(req.method === "HEAD" ? undefined : JSON.stringify({ status: word, role: options.role, version: options.version, failing }));
      });
      return true;
    }
    if (path === "/metrics") {
      void options.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { "content-type": options.metrics.registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
      return true;
    }
    return false;
  };
}

async function health(checks: readonly HealthCheck[]): Promise<string[]> {
  const results = await Promise.all(checks.map(async ({ name, check }) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS)))]);
      return undefined;
    } catch {
      return name;
    } finally {
      clearTimeout(timer);
    }
  }));
  return results.filter((r): r is string => r !== undefined);
}
