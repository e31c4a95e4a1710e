import { ownerName } from "../route/parse-codeowners.js";
import { fileReasons } from "../triage/file-reasons.js";
import type { TriageOutcome } from "../triage/triage-issue.js";

/** The Action's step outputs (action.yml `outputs:`), by name. */
export type TriageOutputs = Readonly<Record<"files" | "top-file" | "labels" | "owners" | "confidence" | "issue-type" | "comment", string>>;

/**
 * The step outputs of a triage, so a workflow can act on them: `files` (JSON: path, score, symbol, lines, reasons),
 * `top-file`, `labels` (JSON: the area labels BugScout chose at or above `labels.min_confidence`), `owners` (JSON:
 * CODEOWNERS names of the leading files), `confidence` (0 to 1), `issue-type` (JSON: `type`, `confidence`, `source`) and `comment` (`true` when
 * BugScout answers: by itself, per `decideComment`, or asked with `/bugscout`). Undefined when nothing was ranked (a skipped or
 * superseded event). `repo` is the repository's name (left out of the matched words, as in the comment). Pure.
 */
export function buildTriageOutputs(outcome: TriageOutcome, repo: string): TriageOutputs | undefined {
  if (outcome.kind === "superseded" || !outcome.ranking || !outcome.routing) return undefined;
  const { ranking, routing } = outcome;
  const files = ranking.files.map((file) => {
    const symbol = file.evidence.symbol;
    return {
      path: file.path,
      score: Number.isFinite(file.score) ? Number(file.score.toFixed(4)) : 0,
      symbol: symbol && symbol.kind !== "window" ? symbol.qualifiedName : null,
      lines: symbol ? [symbol.startLine, symbol.endLine] : null,
      reasons: fileReasons(file, repo),
    };
  });
  return {
    files: JSON.stringify(files),
    "top-file": ranking.files[0]?.path ?? "",
    labels: JSON.stringify(routing.intent.labels),
    owners: JSON.stringify(routing.intent.owners.map(ownerName)),
    confidence: routing.confidence.toFixed(2),
    "issue-type": outcome.issueType ? JSON.stringify(outcome.issueType) : "",
    comment: outcome.decision?.comment ? "true" : "false",
  };
}
