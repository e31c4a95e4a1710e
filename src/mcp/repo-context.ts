import type { IssueTypeContext } from "../issue-type/classify-issue-type.js";
import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import { createCheckoutIssueTypeCache } from "../triage/checkout-issue-templates.js";
import { readRepoText, type RepoFs } from "./repo-path.js";
import { toSourceLines, type SourceLines } from "./source-lines.js";
import { buildSymbolCatalog, type SymbolCatalog } from "./symbol-catalog.js";
import { buildSymbolSearchIndex, type SymbolSearchIndex } from "./symbol-search.js";
import type { TokenCounter } from "./token-counter.js";
import { ToolInputError } from "./tool-error.js";

/** The repository as one call sees it: its root and the index just refreshed from it. */
export interface RepoState {
  /** Absolute path of the checkout. */
  readonly root: string;
  /** Changes whenever the indexed tree or any content changed (`IndexStore.generation`). */
  readonly generation: number;
  readonly index: LexicalIndex;
}

/** What a tool works with during one call. */
export interface RepoContext {
  readonly repo: RepoState;
  readonly catalog: SymbolCatalog;
  readonly counter: TokenCounter;
  /** The symbol search index of this generation, built on first use. */
  searchIndex(): SymbolSearchIndex;
  /** An indexed file's current lines; a path outside the repository or not indexed is a `ToolInputError`. */
  lines(path: string): SourceLines;
  /** cl100k tokens of a whole indexed file (what reading it would cost), cached by content hash. */
  fileTokens(path: string): number;
  /** What the issue-type classifier reads for this checkout (its issue templates), re-read when a template changes. */
  issueTypeContext(): Promise<IssueTypeContext>;
}

/** Builds per-call contexts, keeping what depends only on the index generation or a content hash between calls. */
export interface RepoContextCache {
  context(repo: RepoState, counter: TokenCounter): RepoContext;
}

/**
 * A cache owned by one server (or bench run): the catalog and search index of the latest generation, token counts
 * by content hash (a content's count never changes), and the issue-type context while the checkout's issue
 * templates are unchanged. Files are read fresh on every call, through `fs`.
 */
export function createRepoContextCache(fs: RepoFs): RepoContextCache {
  let current: { key: string; catalog: SymbolCatalog; search?: SymbolSearchIndex } | undefined;
  const tokensByHash = new Map<string, number>();
  const issueTypes = createCheckoutIssueTypeCache();
  return {
    context(repo, counter) {
      const key = `${repo.root}\0${repo.generation}`;
      if (current?.key !== key || current === undefined) current = { key, catalog: buildSymbolCatalog(repo.index) };
      const state = current;
      const read = new Map<string, SourceLines>();
      const lines = (path: string): SourceLines => {
        const file = state.catalog.file(path);
        if (!file) throw new ToolInputError(`'${path}' is not an indexed file of the repository.`);
        let cached = read.get(file.path);
        if (!cached) {
          cached = toSourceLines(readRepoText(fs, repo.root, file.path));
          read.set(file.path, cached);
        }
        return cached;
      };
      return {
        repo,
        catalog: state.catalog,
        counter: memoCounter(counter),
        searchIndex: () => (state.search ??= buildSymbolSearchIndex(state.catalog)),
        lines,
        fileTokens(path) {
          const file = state.catalog.file(path);
          if (!file) return 0;
          let tokens = tokensByHash.get(file.hash);
          if (tokens === undefined) {
            tokens = counter.count(readRepoText(fs, repo.root, file.path));
            tokensByHash.set(file.hash, tokens);
          }
          return tokens;
        },
        issueTypeContext: () => issueTypes.context(repo.root),
      };
    },
  };
}

/** Texts shorter than this are remembered with their count for one call: packing measures each symbol's text again. */
const MEMO_MAX_CHARS = 20_000;

function memoCounter(counter: TokenCounter): TokenCounter {
  const counts = new Map<string, number>();
  return {
    count(text) {
      if (text.length >= MEMO_MAX_CHARS) return counter.count(text);
      let n = counts.get(text);
      if (n === undefined) {
        n = counter.count(text);
        counts.set(text, n);
      }
      return n;
    },
  };
}
