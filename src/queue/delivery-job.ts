/** One webhook delivery as the web role stores it and the worker role replays it through Probot's `receive`. */
export interface DeliveryJob {
  /** `X-GitHub-Delivery`: also the job id, so a redelivery while the job is kept is not queued twice. */
  readonly id: string;
  /** `X-GitHub-Event`, e.g. `issues`. */
  readonly name: string;
  readonly payload: Record<string, unknown>;
  /** When the web role accepted it (ms). */
  readonly receivedAt: number;
}

/**
 * What orders and places a delivery: installation and repository (`7/acme/shop`), or the installation alone for
 * events without a repository (installation deleted), or `app`. Jobs with the same routing key share a shard.
 */
export function routingKeyOf(payload: Record<string, unknown>): string {
  const installation = (payload.installation as { id?: unknown } | undefined)?.id;
  const repository = (payload.repository as { full_name?: unknown } | undefined)?.full_name;
  if (typeof installation === "number" && typeof repository === "string") return `${installation}/${repository.toLowerCase()}`;
  if (typeof installation === "number") return String(installation);
  return "app";
}
