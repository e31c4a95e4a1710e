import assert from "node:assert/strict";
import { test } from "node:test";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { indexFixtureTree } from "./indexed-fixture-tree.js";

// Issue 24: a hub — a dev-tools layer that wraps every store API, so it holds every name of any store issue — must not
// outrank the module that defines the function the issue is about. No length correction is kept (docs/ranking.md,
// "Hub files"); what holds the hub down is the definition of the named function and the symbol-level match.

const STORE = `export interface Subscription { unsubscribe(): void }
const listeners = new Set<(state: unknown) => void>();

/** Calls \`callback\` after every change of the store's state, until the returned subscription is unsubscribed. */
export function subscribe(callback: (state: unknown) => void, options: { detached?: boolean } = {}): Subscription {
  listeners.add(callback);
  // Not detached: the subscription ends when the component that made it is unmounted.
  return { unsubscribe: () => listeners.delete(callback) };
}

export function patch(state: Record<string, unknown>) {
  for (const listener of listeners) listener(state);
}
`;

const DEVTOOLS = `import { subscribe, patch } from "../store";
// The devtools panel mirrors every store event: subscribe, unsubscribe, patch, state, component mounted and unmounted.
export function connectDevtools(app: { onUnmounted(cb: () => void): void }) {
  const subscription = subscribe((state) => log("state", state));
  app.onUnmounted(() => { log("component unmounted"); subscription.unsubscribe(); });
  return { patch: (state: Record<string, unknown>) => { log("patch", state); patch(state); } };
}
function log(event: string, state?: unknown) {
  console.debug("[devtools]", event, "store", "subscribe", "unsubscribe", "component", "unmounted", state);
}
export function inspectState(state: unknown) { log("state", state); }
export function inspectComponent(name: string) { log("component " + name); }
// Timeline: a subscription called after its component was unmounted is shown in red; an unsubscribe is grey.
export function timelineSubscription(called: boolean, unmounted: boolean) {
  log(unmounted && called ? "subscription called after component unmounted" : "subscription called");
}
export function timelineUnsubscribe(component: string) { log("unsubscribe subscription of component " + component); }
export function timelineMounted(component: string) { log("component mounted, store subscription made " + component); }
`;

test("a hub that repeats every store word stays below the module defining the named function", async (t) => {
  const { index } = await indexFixtureTree(t, {
    "src/store.ts": STORE,
    "src/devtools/plugin.ts": DEVTOOLS,
    "src/component.ts": `export function onUnmounted(callback: () => void) { callback(); }\n`,
  });
  const issue = "subscribe() does not unsubscribe when the component is unmounted\n" +
    "A store subscription made in a component keeps being called after the component is unmounted.";
  // On words alone (no definitions, no symbol-level match) the hub wins: the fixture is a real hub.
  const wordsOnly = rankLexical(index, issue, { signals: { definition: 0, symbol: 0 } });
  assert.equal(wordsOnly[0].path, "src/devtools/plugin.ts");
  const ranked = rankLexical(index, issue);
  assert.equal(ranked[0].path, "src/store.ts");
  assert.equal(ranked[0].evidence.symbol?.name, "subscribe");
  assert.equal(ranked[1].path, "src/devtools/plugin.ts");
});
