import type { RepoState } from "../mcp/repo-context.js";
import type { SqliteIndexStore } from "../store/open-index-store.js";
import type { Indexer } from "../triage/create-indexer.js";
import { loadLexicalIndex, type LoadedLexicalIndex } from "../triage/load-lexical-index.js";
import type { CliIo } from "./cli-io.js";
import { openCheckout, refreshCheckout } from "./open-checkout.js";

/** The checkout a kept process serves: its directory and, when given, its store file. */
export interface CheckoutSessionOptions {
  readonly repo?: string;
  readonly store?: string;
}

/** One checkout kept open by a long-lived process (`mcp`, `serve`). */
export interface CheckoutSession {
  /** Refreshes the index, then runs `work` on it; pieces of work run one at a time, in the order asked. */
  withRepo<T>(work: (repo: RepoState & { readonly store: SqliteIndexStore }) => T | Promise<T>): Promise<T>;
  /** Waits for the work in hand, saves the ranking index if it changed and closes the store. */
  close(): Promise<void>;
}

/**
 * The open store and loaded index of one checkout, refreshed before each piece of work and reloaded when the
 * refresh changed the index. Work runs one piece at a time: a refresh must not swap the index under a call.
 */
export function createCheckoutSession(indexer: Indexer, io: CliIo, options: CheckoutSessionOptions): CheckoutSession {
  let opened: { root: string; store: SqliteIndexStore } | undefined;
  let loaded: { generation: number; lexical: LoadedLexicalIndex } | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  async function current(): Promise<RepoState & { readonly store: SqliteIndexStore }> {
    if (!opened) {
      const { root, store } = await openCheckout(indexer, options.repo ?? ".", options.store, io.progress);
      opened = { root, store };
    } else {
      await refreshCheckout(indexer, opened.store, opened.root, io.progress);
    }
    const generation = opened.store.generation();
    if (loaded?.generation !== generation) {
      loaded?.lexical.release();
      loaded = undefined;
      // An index built after a change is saved for the next process after the call's answer is sent (below).
      loaded = { generation, lexical: loadLexicalIndex(opened.store, undefined, { saveLater: true }) };
    }
    return { root: opened.root, generation, index: loaded.lexical.index, store: opened.store };
  }

  return {
    withRepo(work) {
      const run = queue.then(async () => work(await current()));
      // The save waits for the next turn of the event loop: the answer is written out in this one.
      queue = run.catch(() => undefined).then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => loaded?.lexical.save());
      return run;
    },
    async close(): Promise<void> {
      await queue.catch(() => undefined);
      loaded?.lexical.save();
      loaded?.lexical.release();
      opened?.store.close();
    },
  };
}
