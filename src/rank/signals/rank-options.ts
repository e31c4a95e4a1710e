import type { SourceMap } from "../pointers/source-maps.js";
import type { Bm25fOptions } from "../lexical/score-bm25f.js";
import { DEFAULT_QUERY_WEIGHTS, type QueryWeights } from "../query/build-query.js";
import type { FileRole } from "../lexical/file-role.js";
import type { DefinitionWeights } from "./score-definitions.js";
import { DEFAULT_POINTER_OPTIONS, type PointerOptions } from "../pointers/score-pointers.js";

/** Weights of the evidence signals added to the normalised BM25F score (which lies in 0..1). 0 switches one off. */
export interface SignalWeights {
  /** A stack-trace frame in the issue resolves to the file (by path suffix). */
  readonly frame: number;
  /** An explicit file path in the issue resolves to the file. */
  readonly path: number;
  /** A dotted name in the issue (`django.db.models.query`, `com.acme.Foo`) resolves to the file's module path. */
  readonly module: number;
  /** The file defines a class or function that the issue names as code (`URLField`, `run_validators()`). */
  readonly definition: number;
  /**
   * The file's best symbol (function, class, or line window) covers much of the query on its own lines
   * (BRTracer-style segment score), computed for the top `symbolDepth` files.
   */
  readonly symbol: number;
}

/** Options of {@link rankLexical}. Every signal can be switched off on its own, for ablation. */
export interface LexicalRankOptions {
  /** How many files to return, best first. */
  readonly limit: number;
  /** BM25F parameters and field weights (path, symbol and sub-word fields are signals too: weight 0 = off). */
  readonly bm25: Bm25fOptions;
  /** Query understanding: weigh prose, title, code, identifiers and errors separately. Off = the raw text, weight 1. */
  readonly parseQuery: boolean;
  /** Per-kind query weights, used when `parseQuery` is on. */
  readonly query: QueryWeights;
  readonly signals: SignalWeights;
  /** How a named definition's weight grows with the name's prominence in the issue. */
  readonly definitions: DefinitionWeights;
  /**
   * Score multipliers for files that are not code, applied unless the title names that kind of file
   * (e.g. "docs", "test"). 1 = no demotion.
   */
  readonly demote: Readonly<Record<Exclude<FileRole, "code">, number>>;
  /**
   * Issue-form awareness: lines of the issue that the repository's issue templates contributed (headings, form
   * labels, placeholders, checkbox items, `_No response_`, HTML comments) are dropped from the query.
   */
  readonly templates: boolean;
  /**
   * A test file beside the code file it is named after (`server_test.go` ↔ `server.go`) lends it this share of its
   * score before the test demotion, when that lifts it: a reproduction that reads like a file's tests is about that
   * file. 0 = off.
   */
  readonly testSubjects: number;
  /**
   * Files inside a package of the tree that the issue names (`@acme/utils`, `foo-parser`: the `name` of its
   * `package.json`) have their score multiplied by `1 + packages`: in a monorepo, a sibling package with the same
   * vocabulary otherwise wins. 0 = off.
   */
  readonly packages: number;
  /**
   * Score factor of JavaScript/TypeScript modules that hold no behaviour: type modules (interfaces and enums only)
   * and barrel `index` files (`declaration-modules.ts`), among the best `symbolDepth` files. 1 = off.
   */
  readonly declarationModules: number;
  /**
   * A type declaration or Flow definition (`foo.d.ts`, `foo.js.flow`, `types/foo.d.ts`) lends the implementation it
   * describes (`foo.js`) this share of its score before the data demotion, when that lifts it: an issue that reads
   * like a function's signature and doc comment is about the function. 0 = off.
   */
  readonly declarationSubjects: number;
  /**
   * In a behaviour-only issue (no code words, `title-names.ts`), files whose folder names or name hold the title's
   * words are multiplied by up to `1 + titleNames` (by the share of the title's weight they hold). 0 = off.
   */
  readonly titleNames: number;
  /**
   * Score factor of a file that only entry-point or dispatch frames of a trace name (`main`, a request handler's
   * dispatch: `query/frame-kinds.ts`) when the trace also has a crash site in other code. 1 = off.
   */
  readonly entryFrames: number;
  /** How many of the best files (by content and definitions) get a symbol-level score. */
  readonly symbolDepth: number;
  /**
   * The share of its score a Kotlin Multiplatform platform copy of a file keeps when another copy of it (the
   * `commonMain` one, else the best) also scores and the issue does not name its platform (`platform-copies.ts`).
   * 1 = off. No repository of either development set has such source sets: chosen by reasoning, not measured.
   */
  readonly platformCopies: number;
  /** How the place inside each ranked file is chosen (`score-pointers.ts`). Does not change the file ranking. */
  readonly pointers: PointerOptions;
  /**
   * Only paths this accepts are ranked (settings' path filters). Applied before the top `limit` are cut, so a
   * filtered ranking still returns `limit` files and evidence is built only for those. Default: every path.
   */
  readonly include?: (path: string) => boolean;
  /** Source maps read for this frames of built code (`pointers/source-maps.ts`). Default: none. */
  readonly sourceMaps?: readonly SourceMap[];
}

/** Partial options, nested objects merged field by field over the defaults. */
export type LexicalRankOptionsInput = Partial<Omit<LexicalRankOptions, "bm25" | "query" | "signals" | "demote" | "definitions" | "pointers">> & {
  readonly pointers?: Partial<PointerOptions>;
  readonly definitions?: Partial<DefinitionWeights>;
  readonly bm25?: Partial<Bm25fOptions>;
  readonly query?: Partial<QueryWeights>;
  readonly signals?: Partial<SignalWeights>;
  readonly demote?: Partial<LexicalRankOptions["demote"]>;
};

/** The defaults: every signal on, weights chosen on the development set (docs/ranking.md has the ablation). */
export const DEFAULT_LEXICAL_OPTIONS: LexicalRankOptions = {
  limit: 50,
  bm25: { k1: 1.2, word: 1, part: 1, symbol: 1, dir: 1, name: 1, bContent: 0.75, bSymbol: 0.75, bPath: 0.75 },
  parseQuery: true,
  query: DEFAULT_QUERY_WEIGHTS,
  signals: { frame: 0.5, path: 0.5, module: 0.3, definition: 0.3, symbol: 0.5 },
  definitions: { title: 2, repeat: 0.5, floor: 1 },
  // Symbol segments (0.5, scored without the title's emphasis, not for docs/meta/data): multi-language NDCG 0.768 →
  // 0.772, Hit@1 0.665 → 0.675; SWE-bench Lite Hit@1 0.603 → 0.620, NDCG 0.761 → 0.766 (docs/ranking.md).
  // Amalgamations are recognised but not demoted: fixes of single-header libraries edit them too (nlohmann/json),
  // and demoting them cost 3 points of C++ NDCG on the development set.
  demote: { test: 0.3, doc: 0.3, example: 0.3, data: 0.5, build: 0.3, meta: 0.3, generated: 1 },
  // Test subjects 0.4 (same folder only): multi-language NDCG 0.775 → 0.779, Go 0.670 → 0.723, no other language
  // moved; SWE-bench Lite unchanged (docs/ranking.md).
  testSubjects: 0.4,
  // Named packages 0.5 and declaration modules ×0.5: TypeScript rows of 4 monorepos (21, ~/benchwork/tsdev, see
  // docs/ranking.md) NDCG 0.601 → 0.608 → 0.627; every multi-language and SWE-bench Lite ranking unchanged.
  packages: 0.5,
  declarationModules: 0.5,
  declarationSubjects: 0.4,
  // Behaviour-only titles 0.5: multi-language 2 rankings up (github-readme-stats-1314, go-zero-1456), none down;
  // SWE-bench Lite none moved (docs/ranking.md, "Failure classes of unseen repositories").
  titleNames: 0.5,
  templates: true,
  // Entry-only files ×0.5: SWE-bench Lite and multi-language trace-bearing issues unchanged, the fixture's Go panic
  // led by the panicking file instead of `cmd/…/main.go` (docs/ranking.md, "Stack traces").
  entryFrames: 0.5,
  symbolDepth: 100,
  platformCopies: 0.5,
  pointers: DEFAULT_POINTER_OPTIONS,
};

/** Merges partial options over `base` (the defaults unless given). */
export function resolveLexicalOptions(
  input: LexicalRankOptionsInput = {},
  base: LexicalRankOptions = DEFAULT_LEXICAL_OPTIONS,
): LexicalRankOptions {
  return {
    ...base,
    ...input,
    bm25: { ...base.bm25, ...input.bm25 },
    query: { ...base.query, ...input.query },
    signals: { ...base.signals, ...input.signals },
    demote: { ...base.demote, ...input.demote },
    definitions: { ...base.definitions, ...input.definitions },
    pointers: { ...base.pointers, ...input.pointers },
  };
}
