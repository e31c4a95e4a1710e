import { readFileSync } from "node:fs";
import { CliError } from "./cli-error.js";

/** The issue text of `rank`: `--issue` or the file `--issue-file` names, exactly one, not blank. */
export function readIssueText(options: { readonly issue?: string; readonly issueFile?: string }): string {
  if (options.issue !== undefined && options.issueFile !== undefined) {
    throw new CliError("Give the issue once: either --issue <text> or --issue-file <file>, not both.");
  }
  let text = options.issue;
  if (options.issueFile !== undefined) {
    try {
      text = readFileSync(options.issueFile, "utf8");
    } catch {
      throw new CliError(`Cannot read the issue file: ${options.issueFile}`);
    }
  }
  if (text === undefined) throw new CliError("No issue given. Pass --issue <text> or --issue-file <file>.");
  if (text.trim() === "") throw new CliError("The issue text is empty: there is nothing to rank with.");
  return text;
}
