import type { OperatorProblem } from "./problem-ports.js";

/** Control characters and bidi overrides, dropped: a file's text must not drive the terminal. */
const UNSAFE_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * One line per problem for a terminal, in the compiler form editors link (`file:line: level: key: message`). Pure.
 */
export function renderProblemLines(problems: readonly OperatorProblem[]): string[] {
  return problems.map((p) => {
    const where = p.file ? `${p.file}${p.line ? `:${p.line}` : ""}: ` : "";
    const key = p.path && p.path !== "(file)" ? `${p.path}: ` : "";
    return `${where}${p.level}: ${key}${p.message}`.replace(UNSAFE_CHARS, "").replace(/[\r\n]+/g, " ").slice(0, 500);
  });
}
