import { detectLanguage } from "../index/detect-language.js";
import { fileRole } from "../rank/lexical/file-role.js";
import type { Outcome, Prediction } from "../records/record-store.js";
import type { PullFile } from "./fix-ports.js";

/**
 * The files of a fix that BugScout could have pointed at, in the fix's order: tests are left out (BugScout demotes
 * them and a fix's new test says nothing about where the bug was), and so are files the fix created or copied
 * (they were not in the tree that was ranked). A renamed file counts under its old path, the one that was ranked.
 */
export function selectReachableFiles(files: readonly PullFile[]): string[] {
  const out = new Set<string>();
  for (const file of files) {
    if (file.status === "added" || file.status === "copied") continue;
    const path = file.status === "renamed" && file.previousPath ? file.previousPath : file.path;
    if (fileRole(path, detectLanguage(path)) === "test") continue;
    out.add(path);
  }
  return [...out];
}

/** Each reachable file with its 1-based rank in the prediction, or null when the prediction did not list it. */
export function rankFixFiles(reachable: readonly string[], prediction: Prediction | undefined): Outcome["files"] {
  const position = new Map(prediction?.files.map((f, i) => [f.path, i + 1]) ?? []);
  return reachable.map((path) => ({ path, rank: position.get(path) ?? null }));
}

/** The outcome's status from what was reachable and whether BugScout had ranked the issue. */
export function outcomeStatus(reachable: readonly string[], prediction: Prediction | undefined): Outcome["status"] {
  if (reachable.length === 0) return "no-reachable-file";
  return prediction ? "scored" : "no-prediction";
}
