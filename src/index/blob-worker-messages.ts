import type { BlobRecord } from "../store/index-store.js";
import type { NewContent } from "./build-blob.js";

/** Asks a worker for the records of some contents (worker-blob-builder.ts → serve-blob-requests.ts). */
export interface BuildRequest {
  readonly id: number;
  readonly contents: readonly NewContent[];
}

/** A worker's answer to the request with the same `id`: the records in request order, or why it could not. */
export type BuildReply =
  | { readonly id: number; readonly blobs: readonly BlobRecord[] }
  | { readonly id: number; readonly error: unknown };
