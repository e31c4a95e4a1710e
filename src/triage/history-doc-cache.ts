import { prepareHistoryDoc, type HistoryDoc } from "../rank/signals/score-history.js";
import type { PastFix } from "../records/record-store.js";
import { repoKeyString } from "./data-layout.js";
import type { RepoKey } from "./ports.js";

/**
 * Term counts of past fixed issues, kept between rankings: tokenizing a few hundred issue texts costs tens of
 * milliseconds (bench/history-cost.ts), while the texts themselves never change once recorded.
 */
export interface HistoryDocCache {
  /** The prepared doc of a past fix of `key`'s repository, computed once. */
  get(key: RepoKey, fix: PastFix): HistoryDoc;
}

/** A least-recently-used cache of at most `max` prepared docs across all repositories. */
export function createHistoryDocCache(max = 20_000): HistoryDocCache {
  const docs = new Map<string, HistoryDoc>();
  return {
    get(key, fix) {
      const id = `${repoKeyString(key)}#${fix.issueNumber}@${fix.fixedAt}:${fix.issueText.length}:${fix.files.length}`;
      const cached = docs.get(id);
      if (cached) {
        docs.delete(id);
        docs.set(id, cached);
        return cached;
      }
      const doc = prepareHistoryDoc({ issueNumber: fix.issueNumber, text: fix.issueText, files: fix.files });
      docs.set(id, doc);
      if (docs.size > max) docs.delete(docs.keys().next().value as string);
      return doc;
    },
  };
}
