/** Reports progress of long work on a terminal and stays silent in pipes. */
export interface ProgressReporter {
  update(label: string, done: number, total: number): void;
  done(): void;
}

/**
 * A reporter that redraws one line on `stream` when it is a TTY, at most every `intervalMs`,
 * and prints nothing otherwise, so `--json` output piped into another tool stays clean.
 */
export function createProgressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  now: () => number = Date.now,
  intervalMs = 100,
): ProgressReporter {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let drawn = false;
  return {
    update(label, done, total) {
      const t = now();
      if (t - last < intervalMs && done < total) return;
      last = t;
      drawn = true;
      const pct = total > 0 ? Math.floor((done / total) * 100) : 0;
      stream.write(`\r\x1b[2K${label} ${done}/${total} (${pct}%)`);
    },
    done() {
      if (drawn) stream.write("\r\x1b[2K");
      drawn = false;
    },
  };
}
