import { readAnalysisColumns } from "./analysis-codec.js";
import { TermInterner } from "./term-interner.js";

/** One distinct content: global term ids aligned with its local vocabulary, and its count columns. */
export interface Content {
  readonly ids: Int32Array;
  readonly counts: Uint32Array;
}

/** Maps an encoded content analysis's local vocabulary to `interner`'s global term ids. */
export function internContent(interner: TermInterner, bytes: Uint8Array): Content {
  const { termCount, vocabStart, vocabEnd, counts } = readAnalysisColumns(bytes);
  const ids = new Int32Array(termCount);
  const k = interner.internLines(bytes, vocabStart, vocabEnd, ids);
  if (k !== termCount) throw new Error(`corrupt analysis: ${k} terms, header says ${termCount}`);
  return { ids, counts };
}

/**
 * Contents whose terms are numbered ahead of a build, while the caller waits on other work anyway (an index run
 * while its workers parse): `buildLexicalIndex(docs, prepared)` then skips them. A prepared content must be the
 * analysis stored for its hash; contents no doc has only add unused terms. Used by one build: a second refuses it,
 * and contents added after the build are ignored.
 */
export interface PreparedContents {
  /**
   * Numbers the terms of each content's `analysis` (an encoded content analysis), the one stored under its `hash`:
   * an index run's records as they come back. A plain function, so it can be handed on as `onContents`.
   */
  add(contents: readonly { readonly hash: string; readonly analysis: Uint8Array }[]): void;
}

/** What a build takes over from {@link PreparedContents}: the interner that numbered them, and the contents by hash. */
export interface PreparedTerms {
  readonly interner: TermInterner;
  readonly byHash: ReadonlyMap<string, Content>;
}

const STATE = Symbol("prepared contents");

interface PreparedState extends PreparedContents {
  readonly [STATE]: { readonly interner: TermInterner; byHash: Map<string, Content>; used: boolean };
}

/** An empty {@link PreparedContents}. */
export function prepareContents(): PreparedContents {
  const state = { interner: new TermInterner(), byHash: new Map<string, Content>(), used: false };
  const prepared: PreparedState = {
    [STATE]: state,
    add(contents) {
      // Used already (a ranking built the index while the run was still going): the next build numbers them itself.
      if (state.used) return;
      for (const { hash, analysis } of contents) {
        if (!state.byHash.has(hash)) state.byHash.set(hash, internContent(state.interner, analysis));
      }
    },
  };
  return prepared;
}

/**
 * Hands `prepared` over to the one build that may use it: the built index keeps the interner, so a second build
 * would number more terms in it under the first one, and is refused.
 */
export function takePrepared(prepared: PreparedContents): PreparedTerms {
  const state = (prepared as PreparedState)[STATE];
  if (state.used) throw new Error("these prepared contents were used by a build already");
  state.used = true;
  const { interner, byHash } = state;
  // Let go of the contents: the build copies what it needs into the index, and whoever holds `prepared` (an index
  // command, until it ends) would otherwise keep them alive through the layout and the write (~90 MB on a
  // 40,000-file tree).
  state.byHash = new Map();
  return { interner, byHash };
}
