/** Status of the synthetic response returned when a request never got an HTTP answer. */
export const FETCH_FAILURE_STATUS = 599;
/** Header marking that synthetic response, so it is never mistaken for a real 599 from a proxy. */
export const FETCH_FAILURE_HEADER = "x-bugscout-fetch-failure";

/** A `fetch` for one voyageai request, and the vectors it decoded from the response. */
export interface VoyageFetch {
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The vectors of the last successful embeddings response, in `data` order, or `undefined`. */
  takeVectors(): { readonly index: number; readonly vector: Float32Array }[] | undefined;
}

/**
 * Wraps `fetch` for the voyageai 0.4.0 client, working around two costs of the SDK, measured on 1,000 × 1,024
 * vectors (docs/dense.md):
 * - its response parser copies each vector's array once per element (`[...acc, item]` in a reduce), so 1,000
 *   vectors take ~3.5 s of CPU. Here the body is parsed once with `JSON.parse`, the vectors are decoded (base64
 *   as the Python client requests by default, or plain arrays) and handed over directly, and the SDK gets the
 *   same body with empty `embedding` lists;
 * - its per-request timer is cleared only when `fetch` resolves, so a refused connection or our own abort would
 *   keep a CLI process alive for the full SDK timeout. Network failures therefore resolve as a synthetic 599
 *   that the error classifier recognises by {@link FETCH_FAILURE_HEADER}.
 */
export function createVoyageFetch(dtype: "float" | "int8"): VoyageFetch {
  let vectors: { index: number; vector: Float32Array }[] | undefined;
  return {
    async fetch(input, init) {
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        return failure(error);
      }
      if (response.status !== 200 || !String(input).endsWith("/embeddings")) return response;
      let body: { data?: { embedding?: unknown; index?: number }[] };
      try {
        body = (await response.json()) as typeof body;
      } catch (error) {
        return failure(error);
      }
      vectors = (body.data ?? []).map((item, position) => ({ index: item.index ?? position, vector: decodeEmbedding(item.embedding, dtype) }));
      for (const item of body.data ?? []) item.embedding = [];
      return new Response(JSON.stringify(body), { status: 200, headers: response.headers });
    },
    takeVectors() {
      const out = vectors;
      vectors = undefined;
      return out;
    },
  };
}

/** A base64 string (float32 or int8 bytes, little-endian, as Voyage encodes them) or a plain array. */
function decodeEmbedding(value: unknown, dtype: "float" | "int8"): Float32Array {
  if (Array.isArray(value)) return Float32Array.from(value as number[]);
  if (typeof value !== "string") return new Float32Array(0);
  const bytes = Buffer.from(value, "base64");
  if (dtype === "int8") return Float32Array.from(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

function failure(error: unknown): Response {
  const detail = error instanceof Error ? [error.message, error.cause instanceof Error ? error.cause.message : ""].filter(Boolean).join(": ") : "request failed";
  return new Response(JSON.stringify({ detail }), {
    status: FETCH_FAILURE_STATUS,
    headers: { "content-type": "application/json", [FETCH_FAILURE_HEADER]: "1" },
  });
}
