import type { CliEnv } from "../cli-env.js";
import type { StoreDense } from "../triage/create-store-dense.js";

/** Dense ranking when an embedding key is configured; undefined means BM25 everywhere (and no Voyage client load). */
export async function createCliDense(env: CliEnv): Promise<StoreDense | undefined> {
  const voyage = env.voyage;
  if (!voyage) return undefined;
  const [{ createVoyageEmbedder }, { createStoreDense }] = await Promise.all([
    import("../embed/voyage-embedder.js"), import("../triage/create-store-dense.js"),
  ]);
  return createStoreDense({
    createEmbedder: (onRequest) => createVoyageEmbedder({ apiKey: voyage.apiKey, ...(voyage.baseUrl ? { baseUrl: voyage.baseUrl } : {}), onRequest }),
    clock: { now: () => performance.now() },
  });
}
