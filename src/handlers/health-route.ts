import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * `GET /health` → 200 `{"status":"ok","version":…}` for load balancers and container health checks.
 * Returns true when it answered, so Probot's handler chain stops.
 */
export function healthRoute(version: string) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/health" || (req.method !== "GET" && req.method !== "HEAD")) return false;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(req.method === "HEAD" ? undefined : JSON.stringify({ status: "ok", version }));
    return true;
  };
}
