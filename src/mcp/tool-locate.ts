import { z } from "zod";
import { locateCode } from "./locate-code.js";
import { defineTool } from "./tool-definition.js";
import { ToolInputError } from "./tool-error.js";

/** `locate`'s defaults and limits. */
export const LOCATE_DEFAULTS = { top: 5, maxTop: 20, tokenBudget: 4000, maxTokenBudget: 200_000 } as const;

/** `locate`: issue text → ranked files with pointers and the pointers' source within a token budget. */
export const locateTool = defineTool({
  name: "locate",
  title: "Locate the code an issue is about",
  description:
    "Start here for a bug report, feature request or error message: give its text (title, body, stack trace) as " +
    "`issue`. Returns `issue_type` (`type`: bug, feature, question or documentation, with its `confidence` and " +
    "`source`), `confidence`, the probability (0 to 1) that the first file is one the fix changes (low: the " +
    "issue may name no code of this repository), and the repository files most likely to need a change, best " +
    "first, each with a score, why it " +
    "ranks (matched `terms`, a stack-trace frame or path `mention`, a matching `tests` or `declarations` file) " +
    "and `pointers`: the " +
    "symbol ids inside it most likely to change. `code` holds current source, whole symbols only (a long Python " +
    "docstring keeps its first line, and a pointer too large for the budget comes as an excerpt: its first line " +
    "and the lines around the issue's words; `omitted` names the lines left out, get_symbol has them): the " +
    "pointers first (best file first; a small file, or the first file up to half the budget — four fifths " +
    "when it outscores the second file clearly — comes whole instead, its path as id), then an excerpt of the " +
    "first file's other lines around the issue's words (the next file's when the first came whole; its path as " +
    "id), then, with budget left, more " +
    "symbols of the ranked files whose source shares the issue's words, then the next symbols of the cross-file " +
    "symbol ranking; the whole JSON answer stays within `token_budget` cl100k tokens, and `left_out` lists the " +
    "pointer ids that did not fit (fetch them with get_symbol). `tokens` is the answer's own size and " +
    "`file_tokens` what reading the ranked files whole would cost. The index is refreshed before every call, so " +
    "line numbers match the files as they are now.",
  input: z.object({
    issue: z.string().describe("The issue's text: title on the first line, then the body, stack traces included."),
    top: z.number().int().min(1).max(LOCATE_DEFAULTS.maxTop).optional()
      .describe(`How many files to rank (default ${LOCATE_DEFAULTS.top}, at most ${LOCATE_DEFAULTS.maxTop}).`),
    token_budget: z.number().int().positive().max(LOCATE_DEFAULTS.maxTokenBudget).optional()
      .describe(`Most cl100k tokens the whole answer may take (default ${LOCATE_DEFAULTS.tokenBudget}).`),
  }).strict(),
  run(context, args) {
    if (args.issue.trim() === "") throw new ToolInputError("The issue text is empty: give the issue's title and body.");
    return locateCode(context, {
      issue: args.issue, top: args.top ?? LOCATE_DEFAULTS.top, tokenBudget: args.token_budget ?? LOCATE_DEFAULTS.tokenBudget,
    });
  },
});
