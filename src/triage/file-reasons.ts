import type { RankedFile } from "../rank/types.js";
import { readerWords } from "./reader-words.js";
import { renderFrame } from "./render-frame.js";

/**
 * Why a file was ranked, as short plain-text clauses in the comment's order (the comment renders the same evidence
 * with markdown, and the same distinctive words, without the name `repo`): for the Action's `files` output and other
 * machine readers. Pure.
 */
export function fileReasons(file: RankedFile, repo: string): string[] {
  const e = file.evidence;
  const reasons: string[] = [];
  if (e.mention?.kind === "frame") reasons.push(`stack frame ${renderFrame(file.path, e.mention)}`);
  if (e.mention?.kind === "path") reasons.push("named in the issue");
  const words = readerWords(e, repo);
  if (words.length > 0) reasons.push(`matches ${words.join(", ")}`);
  if (e.titleWords) reasons.push(`its path holds ${e.titleWords.slice(0, 5).join(", ")} from the title`);
  if (e.package) reasons.push(`in package ${e.package}, named in the issue`);
  if (e.tests) reasons.push(`its test ${e.tests.path.slice(e.tests.path.lastIndexOf("/") + 1)} matches too`);
  if (e.declarations) reasons.push(`its declarations ${e.declarations.path.slice(e.declarations.path.lastIndexOf("/") + 1)} match too`);
  if (e.history && Number.isSafeInteger(e.history.issue)) reasons.push(`fixed for the similar #${e.history.issue}`);
  if (reasons.length === 0) reasons.push(e.similarity !== undefined ? "similar code" : "path matches");
  return reasons;
}
