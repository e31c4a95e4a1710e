import type { Evidence } from "./types.js";

/**
 * One short clause for the code-graph relation that raised a file, for the comment and the CLI:
 * `extends `BodyHandler`, named in the issue`, `base of `JsonBody`, named in the issue`, `imports `x.py`, in the
 * trace`, `imported by `y.ts`, a top match`. `code` formats a name or path (Markdown code in the comment).
 */
export function describeRelation(related: NonNullable<Evidence["related"]>, code: (text: string) => string): string {
  const file = related.path.slice(related.path.lastIndexOf("/") + 1);
  switch (related.relation) {
    case "subtype": return `extends ${code(related.name ?? file)}, named in the issue`;
    case "supertype": return `base of ${code(related.name ?? file)}, named in the issue`;
    case "feeds": return `calls into ${code(file)}, in the trace`;
    case "neighbour": return `linked by imports to ${code(file)}, a top match`;
  }
}
