import { z } from "zod";
import { buildOutline } from "./build-outline.js";
import { measureAnswer } from "./measure-answer.js";
import { normaliseRepoPath } from "./repo-path.js";
import { defineTool } from "./tool-definition.js";
import { ToolInputError } from "./tool-error.js";

/** `file_outline`: a path → the file's symbols as a tree with ids and line ranges. */
export const fileOutlineTool = defineTool({
  name: "file_outline",
  title: "Outline a file",
  description:
    "List the symbols of one file (path relative to the repository root) as a tree: classes contain their methods, " +
    "functions the functions declared inside them. Each node has its `id` (for get_symbol), kind, name and line " +
    "range. Use it to see a file's structure before reading any of it; `tokens` is the answer's size and " +
    "`file_tokens` what reading the whole file would cost. Files without a grammar are outlined as line windows; " +
    "in other files, code outside every definition and import (module-level statements, a macro's items) is too.",
  input: z.object({
    path: z.string().min(1).describe("The file's path relative to the repository root, e.g. `src/app/models.py`."),
  }).strict(),
  run(context, args) {
    const path = normaliseRepoPath(args.path);
    const file = context.catalog.file(path);
    if (!file) {
      throw new ToolInputError(`'${path}' is not an indexed file of the repository (a directory, a file that does ` +
        "not exist, or one left out of the index: binary, vendored, generated or too large).");
    }
    // Reading the file checks it is still there and inside the repository; the tree comes from the fresh index.
    context.lines(path);
    return measureAnswer({
      path, language: file.language, line_count: file.lineCount, symbols: buildOutline(file.symbols),
      file_tokens: context.fileTokens(path),
    }, context.counter);
  },
});
