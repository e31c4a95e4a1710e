import type { Octokit } from "@octokit/rest";

/** One attempt of a webhook delivery, as `GET /app/hook/deliveries` lists it (newest first). */
interface DeliveryAttempt {
  readonly id: number;
  readonly guid: string;
  readonly delivered_at: string;
  readonly status_code: number;
  readonly event: string;
  readonly action?: string | null;
}

/** A delivery whose latest attempt failed, and what asking for a redelivery answered. */
export interface RedeliveryOutcome {
  readonly guid: string;
  readonly event: string;
  readonly deliveredAt: string;
  readonly statusCode: number;
  /** `requested` (202), `dry-run`, or `failed: <status>`. */
  readonly result: string;
}

/**
 * Lists the App's deliveries since `since` (following the cursor pages, newest first, stopping at the first older
 * one), keeps the deliveries whose latest attempt failed (status code 0 or ≥ 400) — a delivery retried with success
 * since is left alone — and asks GitHub to redeliver each (`POST /app/hook/deliveries/{id}/attempts`).
 */
export async function redeliverFailed(octokit: Pick<Octokit, "request" | "paginate">, since: Date, dryRun: boolean): Promise<RedeliveryOutcome[]> {
  const latest = new Map<string, DeliveryAttempt>();
  pages: for await (const page of octokit.paginate.iterator("GET /app/hook/deliveries", { per_page: 100 })) {
    for (const attempt of page.data as DeliveryAttempt[]) {
      if (Date.parse(attempt.delivered_at) < since.getTime()) break pages;
      if (!latest.has(attempt.guid)) latest.set(attempt.guid, attempt);
    }
  }
  const failed = [...latest.values()].filter((a) => a.status_code === 0 || a.status_code >= 400).reverse();
  const outcomes: RedeliveryOutcome[] = [];
  for (const attempt of failed) {
    let result = "dry-run";
    if (!dryRun) {
      try {
        await octokit.request("POST /app/hook/deliveries/{delivery_id}/attempts", { delivery_id: attempt.id });
        result = "requested";
      } catch (error) {
        result = `failed: ${(error as { status?: number }).status ?? (error as Error).message}`;
      }
    }
    outcomes.push({
      guid: attempt.guid, event: attempt.action ? `${attempt.event}.${attempt.action}` : attempt.event,
      deliveredAt: attempt.delivered_at, statusCode: attempt.status_code, result,
    });
  }
  return outcomes;
}
