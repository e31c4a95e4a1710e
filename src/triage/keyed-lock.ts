/** Runs async work one at a time per key; different keys run concurrently. */
export interface KeyedLock {
  /** Runs `fn` after every earlier `run` with the same key has settled. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Keys with work running or waiting. */
  activeKeys(): string[];
}

/** Creates an in-process keyed lock (one process serves all webhooks; see DESIGN "Growing past one machine"). */
export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(fn, fn);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    activeKeys() {
      return [...tails.keys()];
    },
  };
}
