/**
 * Runs `task` over `items` with at most `concurrency` in flight and returns the results in item order. The first
 * failure aborts the signal handed to the remaining tasks and is rethrown once every started task has settled, so
 * no request is left running behind the caller's back.
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, signal: AbortSignal) => Promise<R>,
  parent?: AbortSignal,
): Promise<R[]> {
  const controller = new AbortController();
  const onParentAbort = (): void => controller.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (failure === undefined && next < items.length) {
      const i = next++;
      try {
        results[i] = await task(items[i], controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
      }
    }
  }
  try {
    const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, () => worker());
    await Promise.all(workers);
  } finally {
    parent?.removeEventListener("abort", onParentAbort);
  }
  if (failure !== undefined) throw failure.error;
  return results;
}

/** Waits `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
