import type { IssueType, IssueTypeName } from "../issue-type/types.js";
import type { Settings } from "./settings-schema.js";

/** Why BugScout comments on an issue, or why it stays quiet. */
export type CommentGate =
  /** A maintainer asked (`/bugscout`): the answer is never silent, whatever the type or confidence. */
  | "requested"
  /**
   * The issue's type is one `trigger.types` answers (or a `trigger.labels` label forces one) and the confidence clears
   * the floor; or its type, read from its text, is another, the issue names the first file and the confidence clears
   * `trigger.other_types_confidence`.
   */
  | "answered"
  /** The issue's type is not one the repository answers by itself (`trigger.types`), and the ranking is not sure enough to answer it anyway. */
  | "type"
  /** The ranking's confidence is below `ranking.min_confidence`. */
  | "confidence"
  /** Nothing was ranked. */
  | "nothing"
  /** The settings file has errors: every way in stops before ranking (the preview, which ranks anyway, says so). */
  | "settings";

/** Whether BugScout posts its comment by itself, and why: logged, shown in the comment's folded details and by `triage --issue-file`. */
export interface CommentDecision {
  readonly comment: boolean;
  readonly gate: CommentGate;
  /** One line: the type and where it came from, the confidence and the floor. */
  readonly reason: string;
}

/** What the decision reads: the issue's type, the ranking's confidence, and how BugScout was reached. */
export interface CommentDecisionInput {
  readonly settings: Pick<Settings, "trigger" | "ranking">;
  /** The issue's type; absent when it is not known (then the type does not hold the comment back). */
  readonly issueType?: IssueType;
  /** The ranking's confidence, 0 to 1. */
  readonly confidence: number;
  /** The issue names the ranking's first file (`Ranking.namesFirstFile`): a kind not answered can be answered only then. */
  readonly namesFirstFile?: boolean;
  /** How many files were ranked. */
  readonly files: number;
  /** A maintainer's `/bugscout` command. */
  readonly requested: boolean;
  /** The issue's labels: one of `trigger.labels` answers whatever the type. */
  readonly labels: readonly string[];
}

/** What `trigger.types` answers, in the reason: "bug reports, feature requests". */
const TYPE_PLURALS: Readonly<Record<IssueTypeName, string>> = {
  bug: "bug reports",
  feature: "feature requests",
  question: "questions",
  documentation: "documentation issues",
};

const TYPE_NAMES: Readonly<Record<IssueTypeName, string>> = {
  bug: "a bug report",
  feature: "a feature request",
  question: "a question",
  documentation: "a documentation issue",
};

/**
 * The one decision every way in applies (the App, the Action, `triage --post`, `triage --issue-file`, `eval`):
 * comment by itself when the issue's type is one the repository answers (`trigger.types`; a `trigger.labels` label
 * answers any type) and the ranking's confidence clears `ranking.min_confidence`, or when its type came from its text
 * (not a type label), it names the first file and the confidence clears `trigger.other_types_confidence`; a maintainer's `/bugscout` always
 * gets the ranking. The type label on the issue already beats the classifier in `issueType` (its `source`). Pure.
 */
export function decideComment(input: CommentDecisionInput): CommentDecision {
  const { settings, issueType, confidence } = input;
  const floor = settings.ranking.min_confidence;
  const kind = issueType ? `${TYPE_NAMES[issueType.type]} (${describeSource(issueType)})` : "an issue of unknown type";
  const rated = `confidence ${confidence.toFixed(2)}, floor ${floor.toFixed(2)}`;
  if (input.requested) return { comment: true, gate: "requested", reason: `a maintainer asked with /bugscout: ${kind}, ${rated}` };
  if (input.files === 0) return { comment: false, gate: "nothing", reason: `nothing in ${kind} to rank files with` };
  const label = input.labels.find((l) => settings.trigger.labels.some((t) => t.toLowerCase() === l.toLowerCase()));
  const answers = settings.trigger.types.map((t) => TYPE_PLURALS[t]).join(", ");
  if (issueType && label === undefined && !settings.trigger.types.includes(issueType.type)) {
    // A kind read from the words (classifier, template) is a guess: on the bug-fix sets the classifier reads half the
    // reports as feature requests or questions. One that names the first file, ranked this surely, is answered anyway;
    // on a small tree a prose question reaches any confidence on one shared word, so naming the file is required.
    const sure = settings.trigger.other_types_confidence;
    const guessed = issueType.source !== "label" && sure < 1;
    if (guessed && input.namesFirstFile === true && confidence >= sure) {
      return { comment: true, gate: "answered", reason: `${kind} naming the first file: ${rated}, at least ${sure.toFixed(2)} (trigger.other_types_confidence), answered whatever its kind` };
    }
    const others = guessed ? `, other kinds when they name the first file at confidence ${sure.toFixed(2)} (this one ${confidence.toFixed(2)}${input.namesFirstFile === true ? "" : ", names none"})` : "";
    return { comment: false, gate: "type", reason: `${kind}: trigger.types answers ${answers || "no type"} by itself${others}` };
  }
  const why = label !== undefined ? `${kind}, labelled ${label}` : kind;
  if (!(confidence >= floor)) return { comment: false, gate: "confidence", reason: `${why}: ${rated}, below the floor` };
  return { comment: true, gate: "answered", reason: `${why}: ${rated}` };
}

/** The one line that says whether the App posts its comment by itself, and why (`triage`, `triage --issue-file`). */
export function describeDecision(decision: CommentDecision): string {
  if (decision.gate === "requested") return `a maintainer's /bugscout gets this comment: ${decision.reason}`;
  return decision.comment
    ? `the App would post this comment by itself: ${decision.reason}`
    : `the App would not post this by itself (${decision.reason}); a maintainer's /bugscout gets it`;
}

function describeSource(type: IssueType): string {
  switch (type.source) {
    case "label":
      return "its label";
    case "template":
      return "its template";
    case "repository":
      return `classifier adapted to this repository, ${type.confidence.toFixed(2)}`;
    case "model":
      return `classifier, ${type.confidence.toFixed(2)}`;
  }
}
