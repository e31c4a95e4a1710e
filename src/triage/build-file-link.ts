import type { RankedFile, SymbolPointer } from "../rank/types.js";

/** Where a file link points: the exact commit, and the best symbol's lines when there is one. */
export interface FileLinkTarget {
  readonly webBaseUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly commit: string;
}

/**
 * Builds `<web>/<owner>/<repo>/blob/<sha>/<path>#L10-L20` with every path segment percent-encoded, including the
 * characters `encodeURIComponent` leaves alone that would end a markdown link target. The anchor is the file's
 * pointer (its best symbol) unless another place of the same file is given.
 */
export function buildFileLink(target: FileLinkTarget, file: RankedFile, pointer: SymbolPointer | undefined = file.evidence.symbol): string {
  const base = target.webBaseUrl.replace(/\/+$/, "");
  const repoPath = [target.owner, target.repo].map(encodeSegment).join("/");
  const filePath = file.path.split("/").map(encodeSegment).join("/");
  const symbol = pointer;
  const anchor = symbol && symbol.startLine > 0
    ? symbol.endLine > symbol.startLine ? `#L${symbol.startLine}-L${symbol.endLine}` : `#L${symbol.startLine}`
    : "";
  return `${base}/${repoPath}/blob/${encodeSegment(target.commit)}/${filePath}${anchor}`;
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}
