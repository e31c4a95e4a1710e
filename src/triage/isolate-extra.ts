import type { Log } from "./ports.js";
import { summarizeError } from "./summarize-error.js";

/**
 * The extras of a triage beside the comment: reading the routing maps (labeler.yml, CODEOWNERS), routing (area labels
 * and owners), the 👀 reaction to a command, source maps read for a ranking, and the repository's labelled issues and issue
 * templates the issue-type classifier reads. Each may fail; none may cost the
 * comment, which is the product.
 */
export type ExtraStep = "routing-maps" | "routing" | "reaction" | "source-map" | "issue-types";

/** Where a failed extra is reported besides the log (the scaled roles count it in `/metrics`). */
export type ExtraFailureSink = (step: ExtraStep, err: unknown) => void;

/** What {@link isolateExtra} needs. */
export interface IsolateDeps {
  readonly log: Log;
  readonly onExtraFailure?: ExtraFailureSink;
  /** How long an extra may take; default {@link EXTRA_TIMEOUT_MS}. */
  readonly extraTimeoutMs?: number;
}

/** A GitHub call of an extra has no deadline of its own (Octokit sets none): the extra as a whole has this one. */
export const EXTRA_TIMEOUT_MS = 20_000;

/**
 * Runs an extra: its failure or its passing `timeoutMs` is logged (a fixed message, the step, the issue, a summary of
 * the error without credentials), reported to `onExtraFailure`, and answered with `fallback`, never thrown. The work
 * still running after the deadline is told through `abandoned`, so it can refuse to change anything on GitHub that
 * the comment would no longer record.
 */
export async function isolateExtra<T>(
  deps: IsolateDeps,
  step: ExtraStep,
  meta: { readonly issue?: number },
  run: (abandoned: () => boolean) => Promise<T>,
  fallback: T,
): Promise<T> {
  const timeoutMs = deps.extraTimeoutMs ?? EXTRA_TIMEOUT_MS;
  let late = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      late = true;
      reject(new Error(`${step} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(() => late), deadline]);
  } catch (err) {
    reportExtraFailure(deps, step, meta, err);
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/** Logs and reports one failed extra (for extras whose caller already falls back, such as a source map read). */
export function reportExtraFailure(deps: IsolateDeps, step: ExtraStep, meta: { readonly issue?: number }, err: unknown): void {
  deps.log.warn({ step, ...meta, err: summarizeError(err) }, "triage extra failed; the comment goes on without it");
  deps.onExtraFailure?.(step, err);
}
