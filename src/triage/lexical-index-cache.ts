import { buildLexicalIndex, type LexicalIndex } from "../rank/lexical/lexical-index.js";
import { prepareContents, type PreparedContents } from "../rank/lexical/prepared-contents.js";
import type { IndexStore } from "../store/index-store.js";

/**
 * Keeps the built in-memory lexical index of each open store until the store's generation changes, so repeated
 * rankings of one repository pay the load (a few hundred milliseconds on a large tree) once.
 */
export interface LexicalIndexCache {
  get(store: IndexStore): LexicalIndex;
  /**
   * Contents to number ahead of the store's next build, while an index run of it parses (its new records); the next
   * `get` that builds uses them. Call {@link LexicalIndexCache.unprepare} if the run fails.
   */
  prepare(store: IndexStore): PreparedContents;
  unprepare(store: IndexStore): void;
  forget(store: IndexStore): void;
}

/** A cache holding one built index per store object. */
export function createLexicalIndexCache(): LexicalIndexCache {
  const entries = new WeakMap<IndexStore, { generation: number; index: LexicalIndex }>();
  const ahead = new WeakMap<IndexStore, PreparedContents>();
  return {
    get(store) {
      const generation = store.generation();
      const cached = entries.get(store);
      if (cached && cached.generation === generation) return cached.index;
      const prepared = ahead.get(store);
      ahead.delete(store);
      const index = buildLexicalIndex(store.loadCorpus(), prepared);
      entries.set(store, { generation, index });
      return index;
    },
    prepare(store) {
      const prepared = prepareContents();
      ahead.set(store, prepared);
      return prepared;
    },
    unprepare(store) {
      ahead.delete(store);
    },
    forget(store) {
      entries.delete(store);
      ahead.delete(store);
    },
  };
}
