import type { SymbolInfo } from "../index/types.js";

/** A symbol or line window a ranking points at. */
export type SymbolPointer = Pick<SymbolInfo, "name" | "qualifiedName" | "kind" | "startLine" | "endLine">;

/** The ranking modes a request can run in. */
export type RankMode = "bm25" | "dense" | "hybrid";

/** Why a file ranks where it does: shown to maintainers, so every item must be true and short. */
export interface Evidence {
  /** Query terms that contributed most to this file's score, best first. */
  readonly terms: readonly string[];
  /**
   * The issue's words this file holds that are distinctive in the repository, most distinctive (rarest) first; words
   * most files hold are left out. What readers are shown; absent when none.
   */
  readonly words?: readonly string[];
  /** The place inside the file most likely to change (a symbol or line window), with its line range; absent when none matched. */
  readonly symbol?: SymbolPointer;
  /** A second place in the same file that scores nearly as well as `symbol` and does not overlap it. */
  readonly alsoSymbol?: SymbolPointer;
  /**
   * A stack-trace frame or explicit path in the issue that names this file: for a frame, the innermost one in this
   * file, its line and the function it names (`symbol`); `text` is the frame as the reporter's machine printed it.
   */
  readonly mention?: { readonly kind: "frame" | "path"; readonly text: string; readonly line?: number; readonly symbol?: string };
  /** Dense-unit similarity, when a dense mode ran. */
  readonly similarity?: number;
  /** The test file beside this one, named after it, whose match with the issue raised this file (`test-subjects.ts`). */
  readonly tests?: { readonly path: string };
  /** The package of the tree (its `package.json` name) this file belongs to, when the issue names it. */
  readonly package?: string;
  /** Words of a behaviour-only issue's title that this file's folders or name hold (`title-names.ts`). */
  readonly titleWords?: readonly string[];
  /** The type declaration or Flow definition of this file whose match with the issue raised it (`declaration-subjects.ts`). */
  readonly declarations?: { readonly path: string };
  /** The most similar past issue whose fix changed this file, when the similar-past-fixes signal raised it. */
  readonly history?: { readonly issue: number };
}

/** One ranked file. Higher score is better; scores are comparable only within one ranking. */
export interface RankedFile {
  readonly path: string;
  readonly score: number;
  readonly evidence: Evidence;
}

/** A ranking with the mode that produced it and the reason that mode was chosen, before its confidence is rated. */
export interface UnratedRanking {
  readonly mode: RankMode;
  readonly reason: string;
  readonly files: readonly RankedFile[];
  /** Wall time spent producing this ranking, in milliseconds. */
  readonly ms: number;
}

/** A ranking and how sure it is of its first file. */
export interface Ranking extends UnratedRanking {
  /**
   * The probability (0 to 1) that the first file is one the fix changes: fitted on the development sets so that of
   * the issues rated c, about c have the right first file (`confidence-model.ts`); 0 when nothing was ranked.
   */
  readonly confidence: number;
  /**
   * The issue names the first file: writes its path, has a stack frame in it, or uses as code a name it defines (the
   * confidence features `path`, `frame`, `definition`). A kind of issue `trigger.types` does not list is answered on a
   * sure ranking only then (`decideComment`). Absent when not rated (nothing ranked).
   */
  readonly namesFirstFile?: boolean;
}
