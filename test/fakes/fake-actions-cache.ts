import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One entry as the cache service keeps it: immutable once finalized. */
interface Entry {
  readonly key: string;
  readonly version: string;
  readonly id: number;
  blob?: Buffer;
  finalized: boolean;
}

/** A loopback cache service, as GitHub's cache service v2 answers the runner's @actions/cache client. */
export interface FakeActionsCache {
  /** What a job's environment holds for the cache client (the runner sets these for JavaScript actions). */
  readonly env: Record<string, string>;
  /** Every request as `METHOD path` (twirp method names, `PUT blob <id>`, `GET blob <id>`). */
  readonly calls: string[];
  /** Requests the fake does not serve; a test asserts it stays empty. */
  readonly unexpected: string[];
  /** The finalized entries' keys, oldest first. */
  keys(): string[];
  close(): Promise<void>;
}

const TWIRP = "/twirp/github.actions.results.api.v1.CacheService/";

/**
 * Starts a fake of the Actions cache service v2 on 127.0.0.1: the three twirp methods the client calls
 * (`CreateCacheEntry`, `FinalizeCacheEntryUpload`, `GetCacheEntryDownloadURL`, JSON with proto field names) and the
 * storage the signed URLs point at — Azure Blob's `Put Blob` (which the client's Azure SDK sends for archives under
 * 128 MiB) and a plain `GET`. Like the real service: an entry's key cannot be reserved twice, a lookup matches the
 * exact key first and then the newest entry starting with each restore key in turn, and only entries of the same
 * version (paths and compression) match.
 */
export async function startFakeActionsCache(options: { readonly token?: string } = {}): Promise<FakeActionsCache> {
  const token = options.token ?? "fake-runtime-token";
  const entries: Entry[] = [];
  const calls: string[] = [];
  const unexpected: string[] = [];
  let base = "";

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const blobUrl = (entry: Entry) => `${base}/devstoreaccount1/actions-cache/entry-${entry.id}?sig=fake`;

  async function twirp(method: string, body: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const key = String(body.key ?? "");
    const version = String(body.version ?? "");
    if (method === "CreateCacheEntry") {
      if (entries.some((e) => e.key === key && e.version === version)) {
        json(res, 409, { code: "already_exists", msg: "cache entry with the same key, version, and scope already exists" });
        return;
      }
      const entry: Entry = { key, version, id: entries.length + 1, finalized: false };
      entries.push(entry);
      json(res, 200, { ok: true, signed_upload_url: blobUrl(entry) });
    } else if (method === "FinalizeCacheEntryUpload") {
      const entry = entries.find((e) => e.key === key && e.version === version && !e.finalized);
      if (!entry?.blob || String(entry.blob.length) !== String(body.size_bytes)) {
        json(res, 200, { ok: false, entry_id: "0" });
        return;
      }
      entry.finalized = true;
      json(res, 200, { ok: true, entry_id: String(entry.id) });
    } else if (method === "GetCacheEntryDownloadURL") {
      const usable = entries.filter((e) => e.finalized && e.version === version);
      const restoreKeys = Array.isArray(body.restore_keys) ? body.restore_keys.map(String) : [];
      const match = usable.find((e) => e.key === key)
        ?? restoreKeys.map((prefix) => usable.filter((e) => e.key.startsWith(prefix)).at(-1)).find((e) => e !== undefined);
      json(res, 200, match ? { ok: true, signed_download_url: blobUrl(match), matched_key: match.key } : { ok: false });
    } else {
      unexpected.push(`POST ${TWIRP}${method}`);
      json(res, 404, { code: "bad_route", msg: "no such method" });
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const body = Buffer.concat(chunks);
      const blob = /^\/devstoreaccount1\/actions-cache\/entry-(\d+)$/.exec(url.pathname);
      if (req.method === "POST" && url.pathname.startsWith(TWIRP)) {
        const method = url.pathname.slice(TWIRP.length);
        calls.push(`POST ${method}`);
        if (req.headers.authorization !== `Bearer ${token}`) {
          json(res, 401, { code: "unauthenticated", msg: "bad token" });
          return;
        }
        void twirp(method, JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>, res);
      } else if (blob && req.method === "PUT" && url.searchParams.get("sig") === "fake") {
        calls.push(`PUT blob ${blob[1]}`);
        const entry = entries.find((e) => e.id === Number(blob[1]));
        if (!entry || entry.finalized || req.headers["x-ms-blob-type"] !== "BlockBlob") {
          unexpected.push(`PUT ${url.pathname}`);
          res.writeHead(400).end();
          return;
        }
        entry.blob = body;
        res.writeHead(201, { etag: `"${entry.id}"`, "last-modified": new Date().toUTCString(), "x-ms-request-id": String(entry.id), "x-ms-version": "2025-01-05" }).end();
      } else if (blob && req.method === "GET" && url.searchParams.get("sig") === "fake") {
        calls.push(`GET blob ${blob[1]}`);
        const entry = entries.find((e) => e.id === Number(blob[1]) && e.finalized);
        if (!entry?.blob) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(entry.blob.length) }).end(entry.blob);
      } else {
        unexpected.push(`${req.method} ${url.pathname}`);
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { ACTIONS_RESULTS_URL: `${base}/`, ACTIONS_RUNTIME_TOKEN: token, ACTIONS_CACHE_SERVICE_V2: "True" },
    calls,
    unexpected,
    keys: () => entries.filter((e) => e.finalized).map((e) => e.key),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
