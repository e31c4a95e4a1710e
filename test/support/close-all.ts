/**
 * Runs every close in order, each one even when an earlier one failed, then rethrows the first failure. A hook that
 * stopped at its first failing close would leave the rest open (node:test also skips a suite's later `after` hooks
 * once one fails), and an open server or child process holds the test process until the runner's timeout.
 */
export async function closeAll(...closes: ReadonlyArray<(() => unknown) | undefined>): Promise<void> {
  const failures: unknown[] = [];
  for (const close of closes) {
    try {
      await close?.();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
