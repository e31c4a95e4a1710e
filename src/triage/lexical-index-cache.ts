import { buildLexicalIndex, type LexicalIndex } from "../rank/lexical-index.js";
import type { IndexStore } from "../store/index-store.js";

/**
 * Keeps the built in-memory lexical index of each open store until the store's generation changes, so repeated
 * rankings of one repository pay the load (a few hundred milliseconds on a large tree) once.
 */
export interface LexicalIndexCache {
  get(store: IndexStore): LexicalIndex;
  forget(store: IndexStore): void;
}

/** A cache holding one built index per store object. */
export function createLexicalIndexCache(): LexicalIndexCache {
  const entries = new WeakMap<IndexStore, { generation: number; index: LexicalIndex }>();
  return {
    get(store) {
      const generation = store.generation();
      const cached = entries.get(store);
      if (cached && cached.generation === generation) return cached.index;
      const index = buildLexicalIndex(store.loadCorpus());
      entries.set(store, { generation, index });
      return index;
    },
    forget(store) {
      entries.delete(store);
    },
  };
}
