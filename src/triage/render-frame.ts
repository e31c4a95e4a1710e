import type { Evidence } from "../rank/types.js";

/**
 * A stack frame as a maintainer reads it: the repository's path, the line and the function
 * (`django/contrib/admin/filters.py:137 in queryset`), never the reporter's machine path (`/srv/app/venv/…`). The line
 * is the frame's line in that file (a source map's, for built code); a frame of built code with no map names no line.
 * Pure.
 */
export function renderFrame(path: string, frame: NonNullable<Evidence["mention"]>): string {
  const line = frame.line !== undefined && Number.isSafeInteger(frame.line) ? `:${frame.line}` : "";
  return `${path}${line}${frame.symbol ? ` in ${frame.symbol}` : ""}`;
}
