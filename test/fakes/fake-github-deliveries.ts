import type { FakeGitHub } from "./fake-github.js";

/** One webhook delivery attempt in the fake's App delivery log. */
export interface FakeDelivery {
  readonly id: number;
  readonly guid: string;
  readonly delivered_at: string;
  readonly status_code: number;
  readonly event: string;
  readonly action: string | null;
}

/**
 * Serves the App's webhook delivery log (`GET /app/hook/deliveries`, newest first, cursor pages with a Link header as
 * GitHub does) and records redelivery requests (`POST /app/hook/deliveries/{id}/attempts`, 202). App JWT only.
 */
export function serveDeliveries(fake: FakeGitHub, deliveries: readonly FakeDelivery[]): { readonly redelivered: number[] } {
  const redelivered: number[] = [];
  const newestFirst = [...deliveries].sort((a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at) || b.id - a.id);
  fake.extraRoutes.push(
    ["GET", /^\/app\/hook\/deliveries$/, (_m, req, base) => {
      const perPage = Number(req.query.per_page ?? 30);
      const start = Number(req.query.cursor ?? 0);
      const page = newestFirst.slice(start, start + perPage);
      const headers: Record<string, string> = {};
      if (start + perPage < newestFirst.length) headers.link = `<${base}/app/hook/deliveries?per_page=${perPage}&cursor=${start + perPage}>; rel="next"`;
      return { status: 200, body: page.map((d) => ({ ...d, redelivery: false, duration: 0.1, status: d.status_code < 400 ? "OK" : "failed", installation_id: 1, repository_id: 1 })), headers };
    }, "jwt"],
    ["POST", /^\/app\/hook\/deliveries\/(\d+)\/attempts$/, (m) => {
      redelivered.push(Number(m[1]));
      return { status: 202, body: {} };
    }, "jwt"],
  );
  return { redelivered };
}
