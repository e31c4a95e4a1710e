import type { BlobRecord } from "../store/index-store.js";
import type { BlobBuilder, NewContent } from "./build-blob.js";
import { detectLanguage } from "./detect-language.js";
import { hashContent } from "./hash-content.js";
import { firstLine } from "./select-files.js";
import { contentSkipReason, DEFAULT_MAX_FILE_BYTES, entryPathSkipReason } from "./selection-rules.js";

/** Files offered before the walk that will index them, e.g. a snapshot's entries while it downloads. */
export interface ContentPrefetch {
  /** A file of the coming tree, at its tree path; its content starts building at once when the rules keep it. */
  offer(path: string, bytes: Uint8Array): void;
}

/** A builder for one index run that starts on offered contents before the run asks for them. */
export interface PrefetchingBuilder extends BlobBuilder, ContentPrefetch {}

/** Offered contents handed to the builder at a time: enough for every worker to get a request at once. */
const OFFER_BATCH = 64;

/**
 * Wraps `inner` for one index run: contents offered while the tree is still arriving are built right away, and the
 * run's `build` takes those records instead of building the contents again; the rest it builds as usual. A record
 * depends only on the content and its language (`buildBlob`), so the run stores what it would have built itself,
 * whichever path offered the content. An offered content that failed to build is built again by the run, so the
 * run reports the failure under its own path. The offer applies the fixed selection rules only: a content the run
 * then leaves out (an include glob, the file cap) cost some work and nothing else.
 */
export function createPrefetchingBuilder(inner: BlobBuilder, options: { readonly maxFileBytes?: number } = {}): PrefetchingBuilder {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const early = new Map<string, Promise<BlobRecord>>();
  let pending: NewContent[] = [];

  const keyOf = (hash: string, language: string): string => `${hash}\0${language}`;
  const flush = (): void => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const built = inner.build(batch);
    batch.forEach((content, i) => {
      const record = built.then((records) => records[i]);
      // Collected by the run, or never (a content the run does not select): a failure must not go unhandled.
      record.catch(() => {});
      early.set(keyOf(content.hash, content.language), record);
    });
  };

  return {
    offer(path, bytes) {
      if (entryPathSkipReason(path) || bytes.length > maxFileBytes) return;
      const language = detectLanguage(path, firstLine(bytes));
      if (contentSkipReason(bytes, language)) return;
      const hash = hashContent(bytes);
      const key = keyOf(hash, language);
      if (early.has(key) || pending.some((c) => keyOf(c.hash, c.language) === key)) return;
      pending.push({ path, hash, size: bytes.length, language, bytes });
      if (pending.length >= OFFER_BATCH) flush();
    },
    async build(contents) {
      flush();
      const rest: NewContent[] = [];
      const records = contents.map((content) => {
        const key = keyOf(content.hash, content.language);
        const record = early.get(key);
        early.delete(key);
        if (!record) rest.push(content);
        return record?.catch(() => undefined);
      });
      const built = rest.length > 0 ? inner.build(rest) : Promise.resolve([]);
      const out: BlobRecord[] = [];
      let next = 0;
      const own = await built;
      for (const [i, record] of records.entries()) {
        // A failed early build is built again here, so its error names the run's path.
        const got = record ? (await record) ?? (await inner.build([contents[i]]))[0] : own[next++];
        out.push(got);
      }
      return out;
    },
  };
}
