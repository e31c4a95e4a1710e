import { crypto } from "../crypto-on-demand.js";

/** The content key of a file: sha256 of its raw bytes, lower-case hex (the same bytes always give the same key). */
export function hashContent(bytes: Uint8Array): string {
  return crypto().createHash("sha256").update(bytes).digest("hex");
}
