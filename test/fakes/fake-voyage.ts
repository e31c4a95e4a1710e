import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { fakeEmbedding } from "./fake-voyage-vectors.js";

/** How the fake behaves; every field can be changed between requests with `configure`. */
export interface FakeVoyageBehaviour {
  /** Fixed delay before each answer. */
  latencyMs: number;
  /** Extra delay per 1,000 tokens of input, to model throughput. */
  msPerKToken: number;
  /** The fake's own token count is chars / this; 4 is close to Voyage's tokenizer on code. */
  charsPerToken: number;
  /** Voyage's limits for voyage-code-3; a larger request gets a 400 like the real service's. */
  maxTokensPerRequest: number;
  maxInputs: number;
  /** Answer with plain number arrays even when base64 is asked for (an older proxy, say). */
  plainArrays?: boolean;
  /** When set, any other bearer token gets a 401 whose body echoes the header (a worst case for key leaks). */
  apiKey?: string;
}

/** One answered request, as the fake saw it. */
export interface RecordedRequest {
  readonly path: string;
  readonly status: number;
  readonly inputType: string | null;
  readonly inputs: readonly string[];
  readonly outputDimension?: number;
  readonly outputDtype?: string;
  readonly encodingFormat?: string;
}

/** Scripted failure for the next requests: a status, with an optional Retry-After (seconds) and body. */
export interface ScriptedFailure {
  readonly status: number;
  readonly retryAfter?: string;
  readonly body?: unknown;
}

/** A running fake; the real `voyageai` client talks to `baseUrl`. */
export interface FakeVoyage {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Inputs embedded successfully (document and query), in arrival order. */
  readonly embedded: string[];
  configure(patch: Partial<FakeVoyageBehaviour>): void;
  /** The next `count` embedding requests fail with `failure`. */
  failNext(count: number, failure: ScriptedFailure): void;
  /** Stops listening and drops open connections: later requests are refused, like a dead host. */
  close(): Promise<void>;
}

const DEFAULTS: FakeVoyageBehaviour = { latencyMs: 0, msPerKToken: 0, charsPerToken: 4, maxTokensPerRequest: 120_000, maxInputs: 1_000 };

/** Starts the fake Voyage API on 127.0.0.1 and a free port. Serves POST /v1/embeddings. */
export async function startFakeVoyage(initial: Partial<FakeVoyageBehaviour> = {}): Promise<FakeVoyage> {
  const behaviour: FakeVoyageBehaviour = { ...DEFAULTS, ...initial };
  const requests: RecordedRequest[] = [];
  const embedded: string[] = [];
  const script: ScriptedFailure[] = [];
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? "";
    const raw = await readBody(req);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const inputs = typeof body.input === "string" ? [body.input] : ((body.input as string[] | undefined) ?? []);
    const record = (status: number): void => {
      requests.push({ path, status, inputType: (body.input_type as string | null) ?? null, inputs, outputDimension: body.output_dimension as number | undefined, outputDtype: body.output_dtype as string | undefined, encodingFormat: body.encoding_format as string | undefined });
    };
    if (req.method !== "POST" || path !== "/v1/embeddings") return reply(res, 404, { detail: "not found" }, record);
    const auth = req.headers.authorization ?? "";
    if (behaviour.apiKey !== undefined && auth !== `Bearer ${behaviour.apiKey}`) {
      return reply(res, 401, { detail: `Provided API key is invalid: ${auth}` }, record);
    }
    const scripted = script.shift();
    if (scripted) {
      const headers: Record<string, string> = scripted.retryAfter === undefined ? {} : { "retry-after": scripted.retryAfter };
      return reply(res, scripted.status, scripted.body ?? { detail: `scripted failure ${scripted.status}` }, record, headers);
    }
    const tokens = inputs.reduce((sum, t) => sum + Math.ceil(t.length / behaviour.charsPerToken), 0);
    if (inputs.length > behaviour.maxInputs) {
      return reply(res, 400, { detail: `The max allowed number of inputs is ${behaviour.maxInputs}. Your batch has ${inputs.length} inputs.` }, record);
    }
    if (tokens > behaviour.maxTokensPerRequest) {
      const detail = `Request to model '${String(body.model)}' failed. The max allowed tokens per submitted batch is ${behaviour.maxTokensPerRequest}. Your batch has ${tokens} tokens after truncation. Please lower the number of tokens in the batch.`;
      return reply(res, 400, { detail }, record);
    }
    await delay(behaviour.latencyMs + (tokens / 1000) * behaviour.msPerKToken, res);
    if (res.destroyed) return;
    const dims = (body.output_dimension as number | undefined) ?? 1024;
    const int8 = body.output_dtype === "int8";
    const base64 = body.encoding_format === "base64" && !behaviour.plainArrays;
    const data = inputs.map((text, index) => ({ object: "embedding", index, embedding: encodeEmbedding(fakeEmbedding(text, dims), int8, base64) }));
    embedded.push(...inputs);
    reply(res, 200, { object: "list", data, model: body.model, usage: { total_tokens: tokens } }, record);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => reply(res, 500, { detail: String(error) }, () => undefined));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("fake voyage: no port");

  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    embedded,
    configure: (patch) => Object.assign(behaviour, patch),
    failNext: (count, failure) => {
      for (let i = 0; i < count; i++) script.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: every request is refused. */
export async function deadVoyageUrl(): Promise<string> {
  const fake = await startFakeVoyage();
  await fake.close();
  return fake.baseUrl;
}

/** Like Voyage: plain numbers, or base64 of the little-endian float32 (or int8) bytes. */
function encodeEmbedding(v: Float32Array, int8: boolean, base64: boolean): number[] | string {
  const codes = int8 ? Int8Array.from(v, (x) => Math.max(-128, Math.min(127, Math.round(x * 127)))) : undefined;
  if (!base64) return Array.from(codes ?? v);
  if (codes) return Buffer.from(codes.buffer).toString("base64");
  const view = new DataView(new ArrayBuffer(v.length * 4));
  v.forEach((x, i) => view.setFloat32(i * 4, x, true));
  return Buffer.from(view.buffer).toString("base64");
}

function reply(res: ServerResponse, status: number, body: unknown, record: (status: number) => void, headers: Record<string, string> = {}): void {
  record(status);
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Waits `ms`, cut short when the client hangs up (a timed-out client must not keep the fake busy). */
function delay(ms: number, res: ServerResponse): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.once("close", done);
  });
}
