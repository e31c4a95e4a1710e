import type { Evidence } from "../types.js";
import type { LexicalIndex } from "../lexical/lexical-index.js";
import type { ParsedIssue } from "../query/parse-issue.js";
import { innermostFirst, type IssueFrame } from "../query/parse-frames.js";
import { isEntryFrame, isLibraryFrame } from "../query/frame-kinds.js";
import { matchBuiltSource } from "./built-sources.js";
import { mapOfFrame, originalPosition, resolveMapSource, type SourceMap } from "./source-maps.js";
import { matchModule, matchPathSuffix, type SuffixMatch } from "../lexical/path-lookup.js";

/** A stack frame of the issue that resolves to a file: where in the file, and how far from the innermost frame. */
export interface FrameHit {
  readonly line?: number;
  /** The function the frame names, when its format says. */
  readonly symbol?: string;
  readonly text: string;
  /** 0 for the innermost in-repository frame, 1 for the next, … */
  readonly depth: number;
  /**
   * Not a stack frame: a line the issue cites by path or link (`src/x.js:254`, `…/blob/<ref>/src/x.js#L254`) — the
   * reporter points at the line they suspect. Weighed like the innermost frame's line.
   */
  readonly cited?: boolean;
}

/** Per-file strengths (0..1) of the three kinds of mention, and the mention to show as evidence. */
export interface MentionScores {
  readonly frame: Map<number, number>;
  /**
   * Per file, the frames that resolve to it, innermost first, then the lines the issue cites in it by path or link
   * (`cited`): where inside the file the issue points.
   */
  readonly frameHits: Map<number, FrameHit[]>;
  readonly path: Map<number, number>;
  readonly module: Map<number, number>;
  readonly evidence: Map<number, NonNullable<Evidence["mention"]>>;
  /**
   * The crash site: the file(s) of the innermost frame in the repository's own code that is not an entry point or
   * dispatch (`frame-kinds.ts`). Empty without such a frame.
   */
  readonly crashSite: number[];
  /** Files only entry-point or dispatch frames name (`main`, a request handler's dispatch). */
  readonly entryOnly: Set<number>;
}

/** Frames further from the innermost in-repo frame count less: the error surfaces there, the fix is usually near. */
const FRAME_DECAY = 0.75;
/**
 * An entry point or dispatch frame (`main`, a request handler's dispatch: `frame-kinds.ts`) counts this much of an
 * ordinary frame at its depth: it starts the work that crashed further in. No development-set ranking moved with it
 * (docs/ranking.md, "Stack traces"); the fixture's Go panic needs it with `entryFrames`.
 */
const ENTRY_FACTOR = 0.5;
/**
 * A mention matched by its file name alone (`manage.py`, `settings.py`) usually names the reporter's own file, not
 * the repository's: it counts this much of a mention matched with at least one folder.
 */
const BARE_NAME_FACTOR = 0.3;
/** A module named only in an import statement is usually the reproduction's setup, not the subject. */
const IMPORT_FACTOR = 0.3;
/** A dotted name resolving to a package (`sklearn.linear_model` → `__init__.py`) is usually an import, not the fix. */
const PACKAGE_FACTOR = 0.3;

/**
 * Maps stack-trace frames, explicit paths and dotted module names of the issue to files by suffix. A mention that
 * fits several files equally well is split between them. Frames are ordered innermost first (Python tracebacks
 * list the innermost frame last).
 */
export function resolveMentions(index: LexicalIndex, issue: ParsedIssue, sourceMaps: readonly SourceMap[] = []): MentionScores {
  const out: MentionScores = { frame: new Map(), frameHits: new Map(), path: new Map(), module: new Map(), evidence: new Map(), crashSite: [], entryOnly: new Set() };
  const bump = (m: Map<number, number>, file: number, v: number): void => {
    m.set(file, Math.max(m.get(file) ?? 0, v));
  };

  // A library frame matched by its file name alone (`threading.py`, `base.py` under site-packages) is the library's
  // file, not the repository's; one matched with its folders is the repository's own code, installed.
  const frames = issue.frames
    .map((f) => frameMatch(index, f, sourceMaps))
    .filter((x) => x.match.files.length > 0 && (x.match.matched >= 2 || !isLibraryFrame(x.f)));
  innermostFirst(frames).forEach(({ f, match, line }, depth) => {
    const base = (FRAME_DECAY ** depth * specificity(match.matched)) / match.files.length;
    const hit: FrameHit = { ...(line !== undefined ? { line } : {}), ...(f.symbol ? { symbol: f.symbol } : {}), text: f.text, depth };
    const entry = match.files.map((file) => isEntryFrame(f, index.files[file].path));
    if (out.crashSite.length === 0 && !entry.some(Boolean)) out.crashSite.push(...match.files);
    match.files.forEach((file, i) => {
      if (entry[i] && !out.frame.has(file)) out.entryOnly.add(file);
      if (!entry[i]) out.entryOnly.delete(file);
    });
    for (const [i, file] of match.files.entries()) {
      bump(out.frame, file, entry[i] ? base * ENTRY_FACTOR : base);
      out.frameHits.set(file, [...(out.frameHits.get(file) ?? []), hit]);
      if (!out.evidence.has(file)) {
        out.evidence.set(file, { kind: "frame", text: f.text, line, ...(f.symbol ? { symbol: f.symbol } : {}) });
      }
    }
  });

  for (const p of issue.paths) {
    const match = matchPathSuffix(index.paths, p.path);
    for (const file of match.files) {
      bump(out.path, file, specificity(match.matched) / match.files.length);
      if (!out.evidence.has(file)) out.evidence.set(file, { kind: "path", text: p.text, line: p.line });
      if (p.line !== undefined) out.frameHits.set(file, [...(out.frameHits.get(file) ?? []), { line: p.line, text: p.text, depth: 0, cited: true }]);
    }
  }

  const imports = new Set(issue.imports);
  for (const id of issue.identifiers) {
    const parts = id.split(".");
    const source = imports.has(id) ? IMPORT_FACTOR : 1;
    // Longest resolvable prefix: `django.db.models.Q` resolves at `django.db.models`.
    for (let k = parts.length; k >= 2; k--) {
      const match = matchModule(index.paths, parts.slice(0, k));
      if (match.files.length === 0) continue;
      for (const file of match.files) {
        const isPackage = index.paths.modulesOf(file).length < index.paths.segmentsOf(file).length;
        bump(out.module, file, (source * (isPackage ? PACKAGE_FACTOR : 1)) / match.files.length);
        if (!out.evidence.has(file)) out.evidence.set(file, { kind: "path", text: parts.slice(0, k).join(".") });
      }
      break;
    }
  }
  return out;
}

/**
 * The files a frame names, and its line in them: by its path's suffix; for a frame of built JavaScript the repository
 * does not hold (`node_modules/pkg/dist/x.js`), through the built file's source map when one was read (file and line),
 * else the source it was built from by the builds the repository declares or by convention (the file only: a built
 * line is not its source's). A frame the map places in a bundled dependency names no file of the tree.
 */
function frameMatch(index: LexicalIndex, f: IssueFrame, sourceMaps: readonly SourceMap[]): { f: IssueFrame; match: SuffixMatch; line?: number } {
  const match = matchPathSuffix(index.paths, f.path);
  // A match with a folder is the file itself (a repository that commits its dist/); a bare name is weaker than the source.
  if (match.matched >= 2 || f.format !== "javascript") return { f, match, line: f.line };
  const map = mapOfFrame(sourceMaps, f.path);
  if (map && f.line !== undefined) {
    const at = originalPosition(map, f.line, f.column);
    const files = at ? resolveMapSource(index.paths, map, at.source) : [];
    // Mapped files are named by the map itself: as specific as a path with its folders.
    return { f, match: { files, matched: files.length > 0 ? 2 : 0 }, ...(at && files.length > 0 ? { line: at.line } : {}) };
  }
  const source = matchBuiltSource(index.paths, index.builds, f.path);
  return source.files.length > 0 ? { f, match: source } : { f, match, line: f.line };
}

function specificity(matchedSegments: number): number {
  return matchedSegments >= 2 ? 1 : BARE_NAME_FACTOR;
}
