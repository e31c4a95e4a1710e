import type { Database } from "better-sqlite3";
import { scoreLabelAccuracy } from "../route/score-label-accuracy.js";
import type { Feedback, Outcome, PastFix, Prediction, RecordStats } from "./record-store.js";

/** A repository's row key, names already in lower case. */
export interface RowScope {
  readonly installationId: number;
  readonly owner: string;
  readonly repo: string;
}

/** The prepared queries of one records database. */
export interface RecordStatements {
  upsertPrediction(scope: RowScope, prediction: Prediction): void;
  findPrediction(scope: RowScope, issueNumber: number): Prediction | undefined;
  /** True when the row was new. */
  insertOutcome(scope: RowScope, outcome: Outcome, bestRank: number | null): boolean;
  hasOutcome(scope: RowScope, issueNumber: number, pullNumber: number): boolean;
  closedLabels(scope: RowScope, issueNumber: number, labels: readonly string[]): void;
  feedback(scope: RowScope, issueNumber: number, feedback: Feedback): void;
  stats(scope: RowScope, since: number): RecordStats;
  recent(scope: RowScope, limit: number): Outcome[];
  pastFixes(scope: RowScope, before: number, limit: number): PastFix[];
  problemDigest(scope: RowScope): string | undefined;
  saveProblemDigest(scope: RowScope, digest: string): void;
  forgetRepo(scope: RowScope): void;
  forgetInstallation(installationId: number): void;
}

interface OutcomeRow {
  issue_number: number;
  pull_number: number;
  issue_text: string;
  files: string;
  status: Outcome["status"];
  source: Outcome["source"];
  fixed_at: number;
  recorded_at: number;
}

const SCOPE = "installation_id = @installationId AND owner = @owner AND repo = @repo";

/** Prepares every query once per database. */
export function createRecordStatements(db: Database): RecordStatements {
  const upsert = db.prepare(`
    INSERT INTO predictions (installation_id, owner, repo, issue_number, commit_sha, mode, files, source, ranked_at,
      area_labels, chosen_labels)
    VALUES (@installationId, @owner, @repo, @issueNumber, @commit, @mode, @files, @source, @rankedAt, @areaLabels, @chosenLabels)
    ON CONFLICT (installation_id, owner, repo, issue_number) DO UPDATE SET commit_sha = excluded.commit_sha,
      mode = excluded.mode, files = excluded.files, source = excluded.source, ranked_at = excluded.ranked_at,
      area_labels = excluded.area_labels, chosen_labels = excluded.chosen_labels, revisions = revisions + 1`);
  const find = db.prepare(`SELECT issue_number, commit_sha, mode, files, source, ranked_at, area_labels, chosen_labels FROM predictions
    WHERE ${SCOPE} AND issue_number = @issueNumber`);
  const closed = db.prepare(`UPDATE predictions SET closed_labels = @labels WHERE ${SCOPE} AND issue_number = @issueNumber`);
  const labelRows = db.prepare(`SELECT area_labels, chosen_labels, closed_labels FROM predictions
    WHERE ${SCOPE} AND ranked_at >= @since AND area_labels IS NOT NULL`);
  const feedback = db.prepare(`UPDATE predictions SET thumbs_up = @up, thumbs_down = @down, feedback_at = @readAt
    WHERE ${SCOPE} AND issue_number = @issueNumber`);
  const feedbackSums = db.prepare(`SELECT coalesce(sum(thumbs_up), 0) AS up, coalesce(sum(thumbs_down), 0) AS down
    FROM predictions WHERE ${SCOPE} AND feedback_at >= @since`);
  const insert = db.prepare(`
    INSERT INTO outcomes (installation_id, owner, repo, issue_number, pull_number, issue_text, files, status, best_rank,
      source, fixed_at, recorded_at)
    VALUES (@installationId, @owner, @repo, @issueNumber, @pullNumber, @issueText, @files, @status, @bestRank, @source,
      @fixedAt, @recordedAt)
    ON CONFLICT DO NOTHING`);
  const exists = db.prepare(`SELECT 1 FROM outcomes WHERE ${SCOPE} AND issue_number = @issueNumber AND pull_number = @pullNumber`).pluck();
  const predictionCount = db.prepare(`SELECT count(*) FROM predictions WHERE ${SCOPE} AND ranked_at >= @since`).pluck();
  const outcomeFigures = db.prepare(`SELECT count(DISTINCT issue_number) AS fixed,
      coalesce(sum(status = 'scored'), 0) AS scored,
      coalesce(sum(status = 'scored' AND best_rank = 1), 0) AS hit1,
      coalesce(sum(status = 'scored' AND best_rank <= 5), 0) AS hit5,
      coalesce(sum(status = 'scored' AND best_rank IS NULL), 0) AS notRanked
    FROM outcomes WHERE ${SCOPE} AND fixed_at >= @since`);
  const recent = db.prepare(`SELECT * FROM outcomes WHERE ${SCOPE}
    ORDER BY fixed_at DESC, issue_number DESC, pull_number DESC LIMIT @limit`);
  const past = db.prepare(`SELECT * FROM outcomes WHERE ${SCOPE} AND fixed_at < @before AND status != 'no-reachable-file'
    ORDER BY fixed_at DESC, issue_number DESC, pull_number DESC LIMIT @limit`);
  const forgetPredictions = db.prepare(`DELETE FROM predictions WHERE ${SCOPE}`);
  const forgetOutcomes = db.prepare(`DELETE FROM outcomes WHERE ${SCOPE}`);
  const forgetAllPredictions = db.prepare("DELETE FROM predictions WHERE installation_id = ?");
  const forgetAllOutcomes = db.prepare("DELETE FROM outcomes WHERE installation_id = ?");
  const readDigest = db.prepare(`SELECT digest FROM problem_reports WHERE ${SCOPE}`);
  const writeDigest = db.prepare(`INSERT INTO problem_reports (installation_id, owner, repo, digest) VALUES (@installationId, @owner, @repo, @digest)
    ON CONFLICT (installation_id, owner, repo) DO UPDATE SET digest = excluded.digest`);
  const forgetDigest = db.prepare(`DELETE FROM problem_reports WHERE ${SCOPE}`);
  const forgetAllDigests = db.prepare("DELETE FROM problem_reports WHERE installation_id = ?");

  return {
    upsertPrediction(scope, p) {
      upsert.run({
        ...scope, issueNumber: p.issueNumber, commit: p.commit, mode: p.mode, files: JSON.stringify(p.files), source: p.source, rankedAt: p.rankedAt,
        areaLabels: p.labels ? JSON.stringify(p.labels.map) : null, chosenLabels: p.labels ? JSON.stringify(p.labels.chosen) : null,
      });
    },
    findPrediction(scope, issueNumber) {
      const row = find.get({ ...scope, issueNumber }) as
        | { issue_number: number; commit_sha: string; mode: string; files: string; source: Prediction["source"]; ranked_at: number; area_labels: string | null; chosen_labels: string | null }
        | undefined;
      if (!row) return undefined;
      return {
        issueNumber: row.issue_number, commit: row.commit_sha, mode: row.mode, files: JSON.parse(row.files) as Prediction["files"], source: row.source, rankedAt: row.ranked_at,
        ...(row.area_labels !== null ? { labels: { map: JSON.parse(row.area_labels) as string[], chosen: JSON.parse(row.chosen_labels ?? "[]") as string[] } } : {}),
      };
    },
    closedLabels(scope, issueNumber, labels) {
      closed.run({ ...scope, issueNumber, labels: JSON.stringify(labels) });
    },
    feedback(scope, issueNumber, f) {
      feedback.run({ ...scope, issueNumber, up: f.up, down: f.down, readAt: f.readAt });
    },
    insertOutcome(scope, o, bestRank) {
      const result = insert.run({
        ...scope, issueNumber: o.issueNumber, pullNumber: o.pullNumber, issueText: o.issueText, files: JSON.stringify(o.files),
        status: o.status, bestRank, source: o.source, fixedAt: o.fixedAt, recordedAt: o.recordedAt,
      });
      return result.changes === 1;
    },
    hasOutcome(scope, issueNumber, pullNumber) {
      return exists.get({ ...scope, issueNumber, pullNumber }) !== undefined;
    },
    stats(scope, since) {
      const figures = outcomeFigures.get({ ...scope, since }) as { fixed: number; scored: number; hit1: number; hit5: number; notRanked: number };
      const labelled = labelRows.all({ ...scope, since }) as { area_labels: string; chosen_labels: string | null; closed_labels: string | null }[];
      return {
        ...(labelled.length > 0 ? {
          labels: scoreLabelAccuracy(labelled.map((r) => ({
            map: JSON.parse(r.area_labels) as string[], chosen: JSON.parse(r.chosen_labels ?? "[]") as string[], closed: JSON.parse(r.closed_labels ?? "[]") as string[],
          }))),
        } : {}),
        issuesRanked: Number(predictionCount.get({ ...scope, since })),
        fixedIssues: figures.fixed,
        scored: figures.scored,
        hit1: figures.hit1,
        hit5: figures.hit5,
        notRanked: figures.notRanked,
        feedback: feedbackSums.get({ ...scope, since }) as { up: number; down: number },
      };
    },
    recent(scope, limit) {
      return (recent.all({ ...scope, limit }) as OutcomeRow[]).map(toOutcome);
    },
    pastFixes(scope, before, limit) {
      return (past.all({ ...scope, before, limit }) as OutcomeRow[]).map((row) => ({
        issueNumber: row.issue_number,
        issueText: row.issue_text,
        files: (JSON.parse(row.files) as Outcome["files"]).map((f) => f.path),
        fixedAt: row.fixed_at,
      }));
    },
    problemDigest(scope) {
      return (readDigest.get(scope) as { digest: string } | undefined)?.digest;
    },
    saveProblemDigest(scope, digest) {
      writeDigest.run({ ...scope, digest });
    },
    forgetRepo(scope) {
      db.transaction(() => {
        forgetPredictions.run(scope);
        forgetDigest.run(scope);
        forgetOutcomes.run(scope);
      })();
    },
    forgetInstallation(installationId) {
      db.transaction(() => {
        forgetAllPredictions.run(installationId);
        forgetAllDigests.run(installationId);
        forgetAllOutcomes.run(installationId);
      })();
    },
  };
}

function toOutcome(row: OutcomeRow): Outcome {
  return {
    issueNumber: row.issue_number,
    pullNumber: row.pull_number,
    issueText: row.issue_text,
    files: JSON.parse(row.files) as Outcome["files"],
    status: row.status,
    source: row.source,
    fixedAt: row.fixed_at,
    recordedAt: row.recorded_at,
  };
}
