import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";

/**
 * A file's bytes at `ref` through the contents API, raw (`GET /repos/{owner}/{repo}/contents/{path}`, up to 100 MB).
 * Undefined when the answer is no file's bytes, or, with `missing: "none"`, when the path is not there (404); a file
 * longer than `maxBytes` is not read past it (undefined). With `timeoutMs`, the request and its body must arrive
 * within it, without retries. Other failures throw.
 */
export async function fetchRawFile(
  client: GitHubClient,
  repo: RepoRef,
  path: string,
  ref: string,
  options: { readonly maxBytes?: number; readonly missing?: "throw" | "none"; readonly timeoutMs?: number } = {},
): Promise<Uint8Array | undefined> {
  // A bounded read is an extra (a source map): it is not retried, and the timeout covers the body too.
  const bounded = options.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(options.timeoutMs), retries: 0 };
  let response;
  try {
    response = await client.request("GET /repos/{owner}/{repo}/contents/{path}", {
      owner: repo.owner, repo: repo.repo, path, ref,
      mediaType: { format: "raw" },
      request: { parseSuccessResponseBody: false, ...bounded },
    });
  } catch (error) {
    if (options.missing === "none" && statusOf(error) === 404) return undefined;
    throw error;
  }
  const body = response.data as unknown;
  if (!(body && typeof (body as WebReadableStream).getReader === "function")) return undefined;
  const max = options.maxBytes ?? Infinity;
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = Readable.fromWeb(body as WebReadableStream);
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > max) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
