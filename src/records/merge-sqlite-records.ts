import { openRecordsDatabase } from "./sqlite-record-store.js";

/**
 * Folds the records of `from` into `into` (two SQLite records files, both migrated to this build's schema first):
 * every outcome `into` lacks is added (an outcome never changes once recorded), and a prediction is taken from `from`
 * when `into` has none for the issue or an older one (the latest ranking counts, as in the store, with its area labels),
 * and what is read when an issue closes in `from` (the labels it closed with, the readers' feedback when read later)
 * is carried onto whichever ranking is kept. Used by the Action
 * when another workflow run saved its records while this one ran. Returns the rows taken.
 */
export function mergeSqliteRecords(into: string, from: string): { predictions: number; outcomes: number } {
  openRecordsDatabase(from).close();
  const db = openRecordsDatabase(into);
  try {
    db.prepare("ATTACH DATABASE ? AS other").run(from);
    const merged = db.transaction(() => {
      const predictions = db.prepare(`
        INSERT INTO main.predictions SELECT * FROM other.predictions WHERE true
        ON CONFLICT (installation_id, owner, repo, issue_number) DO UPDATE SET
          commit_sha = excluded.commit_sha, mode = excluded.mode, files = excluded.files, source = excluded.source,
          ranked_at = excluded.ranked_at, revisions = max(predictions.revisions, excluded.revisions),
          area_labels = excluded.area_labels, chosen_labels = excluded.chosen_labels
        WHERE excluded.ranked_at > predictions.ranked_at`).run().changes;
      // The labels an issue closed with are written once, at the close, by whichever run saw it.
      db.prepare(`
        UPDATE main.predictions SET closed_labels = o.closed_labels
        FROM other.predictions AS o
        WHERE o.installation_id = predictions.installation_id AND o.owner = predictions.owner AND o.repo = predictions.repo
          AND o.issue_number = predictions.issue_number AND o.closed_labels IS NOT NULL AND predictions.closed_labels IS NULL`).run();
      // Feedback is read when an issue closes, after its ranking: the later reading wins whichever ranking was kept.
      db.prepare(`
        UPDATE main.predictions SET thumbs_up = o.thumbs_up, thumbs_down = o.thumbs_down, feedback_at = o.feedback_at
        FROM other.predictions AS o
        WHERE o.installation_id = predictions.installation_id AND o.owner = predictions.owner AND o.repo = predictions.repo
          AND o.issue_number = predictions.issue_number AND o.feedback_at IS NOT NULL
          AND (predictions.feedback_at IS NULL OR o.feedback_at > predictions.feedback_at)`).run();
      const outcomes = db.prepare("INSERT OR IGNORE INTO main.outcomes SELECT * FROM other.outcomes").run().changes;
      return { predictions, outcomes };
    }).immediate();
    db.exec("DETACH DATABASE other");
    return merged;
  } finally {
    db.close();
  }
}
