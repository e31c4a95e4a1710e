import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chooseAreaLabels, leadingFiles } from "../../src/route/choose-labels.js";
import { parseLabelerConfig } from "../../src/route/parse-labeler-config.js";
import { planLabelChanges, type LabelFacts } from "../../src/route/plan-label-changes.js";
import { EMPTY_ROUTING_STATE, readRoutingState, renderRoutingState } from "../../src/route/routing-state.js";

const MAP = parseLabelerConfig([
  "billing: ['shop/billing/**']",
  "cart: ['shop/cart/**']",
  "docs: ['docs/**']",
  "everything: ['**']",
].join("\n")).map;

const ranked = (...files: [string, number][]) => files.map(([path, score]) => ({ path, score }));

describe("chooseAreaLabels", () => {
  it("takes the first file's most specific label, before a catch-all", () => {
    const ranking = ranked(["shop/billing/invoice.py", 10], ["shop/cart/cart.py", 9], ["docs/x.md", 1]);
    assert.deepEqual(chooseAreaLabels(ranking, MAP, 1), ["billing"]);
    assert.deepEqual(chooseAreaLabels(ranking, MAP, 3), ["billing", "everything", "cart"]);
  });

  it("adds the labels of files close behind the first only (within 0.8 of its score, top 3)", () => {
    assert.deepEqual(leadingFiles(ranked(["a", 10], ["b", 8], ["c", 7.9], ["d", 9])).map((f) => f.path), ["a", "b"]);
    const far = ranked(["shop/billing/invoice.py", 10], ["shop/cart/cart.py", 5]);
    assert.deepEqual(chooseAreaLabels(far, MAP, 3), ["billing", "everything"]);
  });

  it("gives no label when the first file is in no area, whatever follows", () => {
    const map = parseLabelerConfig("cart: ['shop/cart/**']").map;
    assert.deepEqual(chooseAreaLabels(ranked(["setup.py", 10], ["shop/cart/cart.py", 9.9]), map, 2), []);
    assert.deepEqual(chooseAreaLabels([], map, 1), []);
    assert.deepEqual(chooseAreaLabels(ranked(["shop/cart/a.py", 1]), map, 0), []);
  });
});

function facts(over: Partial<LabelFacts>): LabelFacts {
  return { wanted: [], current: [], repoLabels: ["billing", "Cart", "docs"], removedByPeople: [], state: EMPTY_ROUTING_STATE, ...over };
}

describe("planLabelChanges", () => {
  it("adds a wanted label under the repository's own name, and records it as BugScout's", () => {
    const plan = planLabelChanges(facts({ wanted: ["cart"] }));
    assert.deepEqual(plan.add, ["Cart"]);
    assert.deepEqual(plan.state.added, ["Cart"]);
  });

  it("never creates a label: a wanted label the repository lacks is reported, not added", () => {
    const plan = planLabelChanges(facts({ wanted: ["payments"] }));
    assert.deepEqual([plan.add, plan.missing], [[], ["payments"]]);
  });

  it("never adds back a label a person removed, from the events or because BugScout's own label is gone", () => {
    const byEvent = planLabelChanges(facts({ wanted: ["billing"], removedByPeople: ["Billing"] }));
    assert.deepEqual([byEvent.add, byEvent.declined], [[], ["billing"]]);
    const gone = planLabelChanges(facts({ wanted: ["billing"], state: { ...EMPTY_ROUTING_STATE, added: ["billing"] } }));
    assert.deepEqual([gone.add, gone.remove, gone.state.added, gone.state.declined], [[], [], [], ["billing"]]);
    const later = planLabelChanges(facts({ wanted: ["billing"], state: gone.state }));
    assert.deepEqual(later.add, [], "still declined on the next re-rank");
  });

  it("removes only its own labels that no longer fit, and leaves a person's labels alone", () => {
    const plan = planLabelChanges(facts({
      wanted: ["docs"],
      current: ["billing", "cart", "bug"],
      state: { ...EMPTY_ROUTING_STATE, added: ["billing"] },
    }));
    assert.deepEqual(plan.remove, ["billing"]);
    assert.deepEqual(plan.add, ["docs"]);
    assert.deepEqual(plan.state.added, ["docs"]);
  });

  it("converges: the same facts after the changes plan nothing more", () => {
    const first = planLabelChanges(facts({ wanted: ["cart"], current: ["bug"] }));
    const again = planLabelChanges(facts({ wanted: ["cart"], current: ["bug", ...first.add], state: first.state }));
    assert.deepEqual([again.add, again.remove, again.state], [[], [], first.state]);
  });

  it("does not take over a wanted label a person already put on", () => {
    const plan = planLabelChanges(facts({ wanted: ["cart"], current: ["cart"] }));
    assert.deepEqual([plan.add, plan.state.added], [[], []]);
  });
});

describe("routing state in the comment", () => {
  it("round-trips through a hidden line no label name can break out of", () => {
    const state = { added: ["a --> <b>", "🐛"], declined: ["x"], assigned: ["alice"] };
    const line = renderRoutingState(state);
    assert.match(line, /^<!-- bugscout:routing \{.*\} -->$/);
    assert.equal(line.indexOf("-->"), line.length - 3);
    assert.deepEqual(readRoutingState(`body\n\n${line}\n`), state);
  });

  it("is empty for nothing done, and for a missing or broken line", () => {
    assert.equal(renderRoutingState(EMPTY_ROUTING_STATE), "");
    assert.deepEqual(readRoutingState(undefined), EMPTY_ROUTING_STATE);
    assert.deepEqual(readRoutingState("<!-- bugscout:routing {oops -->"), EMPTY_ROUTING_STATE);
    assert.deepEqual(readRoutingState('<!-- bugscout:routing {"added":[1,"ok"],"declined":"x"} -->').added, ["ok"]);
  });
});
