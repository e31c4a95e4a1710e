import type { RecordStore } from "../records/record-store.js";
import type { Clock, Log, RepoKey } from "./ports.js";
import { summarizeError } from "./summarize-error.js";

/** What counting readers' reactions needs. */
export interface FeedbackDeps {
  readonly records: RecordStore;
  /** 👍 and 👎 by people on BugScout's comment on the issue; undefined when it has none. */
  readonly fetchReactions: (issueNumber: number) => Promise<{ readonly up: number; readonly down: number } | undefined>;
  readonly clock: Clock;
  readonly log: Log;
}

/**
 * An issue closed: reads the reactions on BugScout's comment once and keeps them with the prediction, for
 * `/bugscout stats`. Only issues BugScout ranked cost a GitHub read; a silent ranking has no comment and nothing is
 * kept. A failure is logged and costs nothing else: feedback is a figure, not a product.
 */
export async function recordFeedback(deps: FeedbackDeps, key: RepoKey, issueNumber: number): Promise<"recorded" | "no-prediction" | "no-comment" | "failed"> {
  try {
    if (!(await deps.records.findPrediction(key, issueNumber))) return "no-prediction";
    const reactions = await deps.fetchReactions(issueNumber);
    if (!reactions) return "no-comment";
    await deps.records.recordFeedback(key, issueNumber, { ...reactions, readAt: deps.clock.now() });
    deps.log.info({ issue: issueNumber, up: reactions.up, down: reactions.down }, "readers' reactions recorded");
    return "recorded";
  } catch (err) {
    deps.log.warn({ issue: issueNumber, err: summarizeError(err) }, "readers' reactions not recorded");
    return "failed";
  }
}
