import { test } from "node:test";
import assert from "node:assert/strict";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { PLAIN_BM25_OPTIONS } from "../../bench/eval-configs.js";
import { buildShopIndex } from "./fixture-shop.js";

const index = buildShopIndex();
const paths = (issue: string, options = {}) => rankLexical(index, issue, options).map((f) => f.path);

test("prose issue: the code file beats its test, docs and example, with term and symbol evidence", () => {
  const ranked = rankLexical(index, "Cart total ignores the discount\nAfter apply_discount() the cart total is unchanged.");
  const order = ranked.map((f) => f.path);
  assert.equal(order[0], "shop/cart.py");
  for (const other of ["tests/test_cart.py", "docs/cart.md", "examples/checkout_demo.py"]) {
    assert.ok(order.indexOf(other) > 0, `${other} ranked below the code`);
  }
  const top = ranked[0].evidence;
  assert.deepEqual(top.symbol, { name: "apply_discount", qualifiedName: "Cart.apply_discount", kind: "method", startLine: 14, endLine: 16 });
  assert.ok(top.terms.includes("discount") && top.terms.includes("total"), `terms: ${top.terms.join(",")}`);
  assert.equal(top.mention, undefined);
});

test("without demotion the test file, which repeats the words most, can win", () => {
  const issue = "Cart total ignores the discount\nthe cart total with a discount is wrong";
  assert.equal(paths(issue, { demote: { test: 1, doc: 1, example: 1, data: 1 }, signals: { definition: 0 } })[0], "tests/test_cart.py");
  assert.equal(paths(issue)[0], "shop/cart.py");
});

test("a title about tests does not lift their demotion, but a written path to a test does", () => {
  assert.equal(paths("test_total_with_discount fails on the cart total with a discount")[0], "shop/cart.py");
  assert.equal(paths("Flaky tests/test_cart.py on the cart total with a discount")[0], "tests/test_cart.py");
});

test("a title about docs lifts the docs' demotion", () => {
  const issue = "Docs: cart total discount wording\nThe cart total with a discount code before checkout";
  assert.ok(paths(issue).indexOf("docs/cart.md") < paths(issue.replace("Docs:", "Bug:")).indexOf("docs/cart.md"));
});

test("a Python traceback frame names the file, with the frame as evidence", () => {
  const ranked = rankLexical(index, [
    "Refund crashes",
    "Traceback (most recent call last):",
    '  File "/srv/app/views.py", line 10, in refund_view',
    '  File "/venv/lib/python3.11/site-packages/shop/payment/gateway.py", line 8, in refund',
    "NotImplementedError",
  ].join("\n"));
  assert.equal(ranked[0].path, "shop/payment/gateway.py");
  assert.deepEqual(ranked[0].evidence.mention, {
    kind: "frame", text: 'File "/venv/lib/python3.11/site-packages/shop/payment/gateway.py", line 8, in refund', line: 8, symbol: "refund",
  });
  assert.equal(ranked[0].evidence.symbol?.qualifiedName, "PaymentGateway.refund");
});

test("a Java frame maps through the package to src/main/java by suffix", () => {
  const ranked = rankLexical(index, [
    "Cancelling fails",
    "java.lang.NullPointerException",
    "\tat com.acme.orders.OrderService.cancelOrder(OrderService.java:12)",
  ].join("\n"));
  assert.equal(ranked[0].path, "src/main/java/com/acme/orders/OrderService.java");
  assert.equal(ranked[0].evidence.mention?.kind, "frame");
  assert.equal(ranked[0].evidence.mention?.line, 12);
  assert.equal(ranked[0].evidence.symbol?.name, "cancelOrder");
});

test("an explicit path wins even with few shared words", () => {
  const ranked = rankLexical(index, "Rounding\nSee shop/utils/money.py: cents are lost.");
  assert.equal(ranked[0].path, "shop/utils/money.py");
  assert.deepEqual(ranked[0].evidence.mention, { kind: "path", text: "shop/utils/money.py", line: undefined });
});

test("the file that defines a named identifier ranks first", () => {
  const ranked = rankLexical(index, "Wrong output\n`format_money()` drops the cents");
  assert.equal(ranked[0].path, "shop/utils/money.py");
  assert.equal(ranked[0].evidence.symbol?.name, "format_money");
});

test("a dotted module name resolves to its file (module signal)", () => {
  const ranked = rankLexical(index, "Startup fails\nin shop.payment.gateway on import", { signals: { module: 0.5 } });
  assert.equal(ranked[0].path, "shop/payment/gateway.py");
  assert.deepEqual(ranked[0].evidence.mention, { kind: "path", text: "shop.payment.gateway" });
});

test("plain BM25 matches whole words only: no identifier parts, no path terms", () => {
  assert.deepEqual(paths("service", PLAIN_BM25_OPTIONS), []);
  assert.deepEqual(paths("service"), ["src/main/java/com/acme/orders/OrderService.java"]);
});

test("include filters paths before the limit is applied", () => {
  const ranked = paths("cart total discount", { limit: 2, include: (p: string) => !p.startsWith("shop/") });
  assert.equal(ranked.length, 2);
  assert.ok(ranked.every((p) => !p.startsWith("shop/")), ranked.join(","));
});

test("limit, empty queries and an empty index", () => {
  assert.equal(rankLexical(index, "cart", { limit: 2 }).length, 2);
  assert.deepEqual(rankLexical(index, "   "), []);
  assert.deepEqual(rankLexical(buildShopIndex([]), "cart total"), []);
});

test("scores are positive and non-increasing", () => {
  const ranked = rankLexical(index, "cart discount total order payment refund money");
  assert.ok(ranked.length >= 5);
  for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1].score >= ranked[i].score && ranked[i].score > 0);
});

test("evidence words: identifiers, then the rarest in the repository, words most files hold and everyday prose left out, the weights untouched", () => {
  const issue = "Cart total ignores the discount\nAfter apply_discount() the cart total is unchanged in the shop.";
  const top = rankLexical(index, issue)[0];
  const df = (w: string) => index.postings(w)?.files.length ?? 0;
  const words = top.evidence.words ?? [];
  assert.equal(words[0], "apply_discount", `words: ${words.join(",")}`);
  assert.ok(df("cart") > index.files.length / 2 && df("shop") > index.files.length / 2, "the fixture has words most files hold");
  assert.ok(!words.includes("cart") && !words.includes("shop"), `words: ${words.join(",")}`);
  assert.ok(top.evidence.terms.includes("cart"), "the terms (by weight) still carry them");
  assert.deepEqual(words.slice(1).map(df), [...words.slice(1).map(df)].sort((a, b) => a - b), "after the identifier, rarest first");
});

test("evidence words leave out everyday prose unless the issue writes it as code", () => {
  const prose = "Cart total ignores the discount\nSomething does not work since the update: after a discount many users see the wrong total. Please help.";
  const words = rankLexical(index, prose)[0].evidence.words ?? [];
  for (const filler of ["something", "work", "since", "after", "many", "users", "help", "update"]) {
    assert.ok(!words.includes(filler), `${filler} among ${words.join(",")}`);
  }
  assert.ok(words.length > 0, "the file still has words worth showing");
  // Written as code, a prose word is the reporter's identifier: `apply_discount()` here, any `run()` elsewhere.
  const coded = rankLexical(index, "Cart total ignores the discount\nAfter `apply_discount()` the cart total is unchanged.")[0];
  assert.equal(coded.evidence.words?.[0], "apply_discount");
});

test("a prose word in Markdown emphasis is prose, not the reporter's identifier", () => {
  const title = "Cart total ignores the discount\n";
  const emphasised = rankLexical(index, `${title}The cart total is wrong when a discount is _applied_ at checkout.`)[0];
  assert.ok(!(emphasised.evidence.words ?? []).includes("applied"), (emphasised.evidence.words ?? []).join(","));
  const called = rankLexical(index, `${title}The cart total is wrong after applied() runs at checkout.`)[0];
  assert.equal(called.evidence.words?.[0], "applied", "written as a call, it is the reporter's identifier");
});
