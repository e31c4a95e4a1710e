/** Remembers which notices were given, so a condition that lasts (a missing permission) is logged once. */
export interface NoticeOnce {
  /** True the first time `key` is seen (until `max` keys are held; then the oldest is forgotten). */
  first(key: string): boolean;
}

/** A bounded set of notice keys; the bound keeps memory flat across many installations. */
export function createNoticeOnce(max = 10_000): NoticeOnce {
  const seen = new Set<string>();
  return {
    first(key) {
      if (seen.has(key)) return false;
      seen.add(key);
      if (seen.size > max) seen.delete(seen.values().next().value as string);
      return true;
    },
  };
}
