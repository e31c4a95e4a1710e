import { z } from "zod";
import { measureAnswer } from "./measure-answer.js";
import { normaliseRepoPath } from "./repo-path.js";
import { defineTool } from "./tool-definition.js";
import { ToolInputError } from "./tool-error.js";

/** At most this many files per list: a hub imported by hundreds of files would otherwise fill an agent's context. */
const MAX_LISTED = 50;

/** `related_files`: a path → what it imports, what imports it, and the sub- and supertypes of its types. */
export const relatedFilesTool = defineTool({
  name: "related_files",
  title: "Files related by imports and types",
  description:
    "Show how one file (path relative to the repository root) is wired into the code: the repository files it " +
    "imports, the files that import it, and for each type it declares, the types that extend or implement it " +
    "(`subtypes`) and the ones it extends (`supertypes`), each with its file. Use it after `locate` to find the " +
    "caller feeding bad input to a crash site, or the implementation behind a named interface. Imports are " +
    "resolved from the source (relative paths, packages, include paths), not from a build; external modules are " +
    `left out. Lists stop at ${MAX_LISTED} files; \`truncated\` says when one did.`,
  input: z.object({
    path: z.string().min(1).describe("The file's path relative to the repository root, e.g. `src/http/body.ts`."),
  }).strict(),
  run(context, args) {
    const path = normaliseRepoPath(args.path);
    const { index } = context.repo;
    const file = index.files.findIndex((f) => f.path === path);
    if (file < 0) {
      throw new ToolInputError(`'${path}' is not an indexed file of the repository (a directory, a file that does ` +
        "not exist, or one left out of the index: binary, vendored, generated or too large).");
    }
    const pathOf = (d: number): string => index.files[d].path;
    let truncated = false;
    const list = (files: ArrayLike<number>): string[] => {
      if (files.length > MAX_LISTED) truncated = true;
      return Array.from(files, pathOf).sort().slice(0, MAX_LISTED);
    };
    const types = index.files[file].symbols
      .filter((s) => s.kind === "class" || s.kind === "interface" || s.kind === "trait" || s.kind === "struct" || s.kind === "enum")
      .map((s) => {
        const place = (t: { file: number; name: string }) => ({ name: t.name, path: pathOf(t.file) });
        const subtypes = index.graph.subtypesOf(s.name).map(place);
        const supertypes = index.graph.supertypesOf(s.name).map(place);
        if (subtypes.length > MAX_LISTED) truncated = true;
        return { name: s.qualifiedName, start: s.startLine, end: s.endLine, subtypes: subtypes.slice(0, MAX_LISTED), supertypes };
      })
      .filter((t) => t.subtypes.length > 0 || t.supertypes.length > 0);
    return measureAnswer({
      path,
      imports: list(index.graph.importsOf(file)),
      imported_by: list(index.graph.importersOf(file)),
      types,
      truncated,
    }, context.counter);
  },
});
