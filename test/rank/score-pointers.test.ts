import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { analyzeToBytes, countLines } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { rankSymbols } from "../../src/rank/signals/rank-symbols.js";
import { buildShopIndex, fixtureSymbols, SHOP_FILES } from "./fixture-shop.js";

const shop = buildShopIndex();
const evidenceOf = (issue: string, path: string, options = {}) => rankLexical(shop, issue, options).find((f) => f.path === path)?.evidence;

/** A payments module whose error class the issue quotes, and the function that raises it. */
const ERRORS = {
  path: "shop/payment/errors.py",
  text: `class PaymentDeclinedError(Exception):
    """Raised when the card issuer declines a charge."""


def check_response(response):
    if response.status == "declined":
        raise PaymentDeclinedError(response.reason)
    return response
`,
  symbols: [
    { name: "PaymentDeclinedError", qualifiedName: "PaymentDeclinedError", kind: "class", startLine: 1, endLine: 2 },
    { name: "check_response", qualifiedName: "check_response", kind: "function", startLine: 5, endLine: 8 },
  ] satisfies SymbolInfo[],
};

/** The shop's index with one more Python file. */
function shopWith(extra: { path: string; text: string; symbols: SymbolInfo[]; language?: "python" | "go" }) {
  return buildLexicalIndex([...SHOP_FILES.map((f) => ({ ...f, symbols: fixtureSymbols(f.path) })), { ...extra, language: extra.language ?? "python" }].map((f) => ({
    path: f.path, hash: `hash-of-${f.path}`, language: f.language, lineCount: countLines(f.text), symbols: f.symbols,
    analysis: analyzeToBytes({ text: f.text, language: f.language, symbols: f.symbols }),
  })));
}

describe("the place inside a file a ranking points at", () => {
  it("is the symbol whose own lines carry the issue's words: the method, not its class", () => {
    const evidence = evidenceOf("The discount code percentage is applied twice", "shop/cart.py");
    assert.equal(evidence?.symbol?.qualifiedName, "Cart.apply_discount");
  });

  it("is the innermost symbol holding a traceback frame's line, over the symbol the words prefer", () => {
    const issue = [
      "Checkout crashes with a discount code",
      "```",
      "Traceback (most recent call last):",
      '  File "shop/cart.py", line 20, in <module>',
      "TypeError: unsupported operand",
      "```",
    ].join("\n");
    const evidence = evidenceOf(issue, "shop/cart.py");
    assert.equal(evidence?.symbol?.qualifiedName, "Cart.total");
    // Without the frame signal the words pick the class, whose docstring talks of discounts at checkout.
    assert.equal(evidenceOf(issue, "shop/cart.py", { pointers: { frameLine: 0, frameName: 0 } })?.symbol?.qualifiedName, "Cart");
  });

  it("is the symbol holding a line the issue cites by permalink or path:line, over the symbol the words prefer", () => {
    const words = "Cart total is wrong with a discount code";
    // The words alone pick the method whose own lines carry them.
    assert.equal(evidenceOf(words, "shop/cart.py")?.symbol?.qualifiedName, "Cart.apply_discount");
    const link = `${words}\nI think the bug is here: https://github.com/acme/shop/blob/0123abc/shop/cart.py#L20-L21`;
    assert.equal(evidenceOf(link, "shop/cart.py")?.symbol?.qualifiedName, "Cart.total");
    const cited = `${words}\nSee \`shop/cart.py:20\`.`;
    assert.equal(evidenceOf(cited, "shop/cart.py")?.symbol?.qualifiedName, "Cart.total");
    assert.equal(evidenceOf(cited, "shop/cart.py", { pointers: { cited: 0 } })?.symbol?.qualifiedName, "Cart.apply_discount");
    // The reason says the issue cites the line, not that a stack frame holds it.
    const total = rankSymbols(shop, link, { limit: 20 }).find((s) => s.qualifiedName === "Cart.total");
    assert.match(total?.evidence.cited ?? "", /shop\/cart\.py#L20/);
    assert.equal(total?.evidence.frame, undefined);
  });

  it("is the symbol holding a line of code the issue pastes, where the words alone cannot tell two functions apart", () => {
    const totals = {
      path: "shop/totals.py",
      text: `def order_total(order, rate):
    total = order.subtotal * rate + order.shipping
    return total


def invoice_total(order, rate):
    total = order.subtotal + order.shipping * rate
    return total
`,
      symbols: [
        { name: "order_total", qualifiedName: "order_total", kind: "function", startLine: 1, endLine: 3 },
        { name: "invoice_total", qualifiedName: "invoice_total", kind: "function", startLine: 6, endLine: 8 },
      ] satisfies SymbolInfo[],
    };
    const index = shopWith(totals);
    const issue = "Shipping is multiplied by the rate\nThis line is wrong:\n```\ntotal = order.subtotal + order.shipping * rate\n```";
    const pointer = (options = {}) => rankLexical(index, issue, options).find((f) => f.path === totals.path)?.evidence.symbol?.qualifiedName;
    assert.equal(pointer(), "invoice_total");
    // Both functions hold the same words: without the quoted line the tie goes to the first.
    assert.equal(pointer({ pointers: { quotedLines: 0 } }), "order_total");
    const invoice = rankSymbols(index, issue, { limit: 20 }).find((s) => s.qualifiedName === "invoice_total");
    assert.equal(invoice?.evidence.quotedLine, 7);
  });

  it("follows the function a frame names when its line is from another version of the file", () => {
    const issue = 'Discount code percentage crash\n  File "shop/cart.py", line 977, in total\nTypeError: bad operand';
    assert.equal(evidenceOf(issue, "shop/cart.py")?.symbol?.qualifiedName, "Cart.total");
  });

  it("pins a frame to the definition of its name that holds its line, over a same-named method the words prefer", () => {
    const fields = {
      path: "shop/forms/fields.py",
      text: `class Field:
    def clean(self, value):
        value = self.to_python(value)
        self.validate(value)
        return value


class CouponField(Field):
    def clean(self, value):
        # A coupon value: strip the coupon code, check the coupon prefix, then the coupon checksum.
        coupon = value.strip().upper()
        if not coupon.startswith("CPN"):
            raise ValueError("bad coupon prefix")
        return coupon
`,
      symbols: [
        { name: "Field", qualifiedName: "Field", kind: "class", startLine: 1, endLine: 5 },
        { name: "clean", qualifiedName: "Field.clean", kind: "method", startLine: 2, endLine: 5 },
        { name: "CouponField", qualifiedName: "CouponField", kind: "class", startLine: 8, endLine: 14 },
        { name: "clean", qualifiedName: "CouponField.clean", kind: "method", startLine: 9, endLine: 14 },
      ] satisfies SymbolInfo[],
    };
    const index = shopWith(fields);
    const issue = [
      "Coupon field crashes on a coupon code with spaces",
      "Traceback (most recent call last):",
      '  File "shop/forms/fields.py", line 4, in clean',
      "ValueError: coupon value",
    ].join("\n");
    const pointerOf = (options = {}) => rankLexical(index, issue, options).find((f) => f.path === fields.path)?.evidence.symbol;
    // The frame's line 4 is in Field.clean, which has the frame's name: that is the clean that ran.
    assert.equal(pointerOf()?.qualifiedName, "Field.clean");
    assert.equal(pointerOf()?.startLine, 2);
    // Without the line, the name alone fits both cleans and the coupon words pick CouponField.clean.
    assert.equal(pointerOf({ pointers: { frameLine: 0 } })?.qualifiedName, "CouponField.clean");
  });

  it("prefers the code that acts on a struct over the struct's commented fields when the words are close", () => {
    const balancer = {
      path: "shop/balancer/picker.go",
      language: "go" as const,
      text: `package balancer

// pickerState is what the picker keeps between updates.
type pickerState struct {
	// ready backends the picker must keep
	ready []string
	// drop index: where the next drop starts over the ready backends
	dropIndex int
}

func (s *pickerState) regenerate(backends []string) {
	s.ready = backends
	s.dropIndex = 0
}
`,
      symbols: [
        { name: "pickerState", qualifiedName: "pickerState", kind: "struct", startLine: 4, endLine: 9 },
        { name: "regenerate", qualifiedName: "pickerState.regenerate", kind: "method", startLine: 11, endLine: 14 },
      ] satisfies SymbolInfo[],
    };
    const index = shopWith(balancer);
    const issue = "picker should keep the drop index unless new ready backends arrive";
    // The struct's own lines hold picker, keep, ready, backends, drop and index; the method's all but keep.
    const pointerOf = (options = {}) => rankLexical(index, issue, options).find((f) => f.path === balancer.path)?.evidence.symbol?.qualifiedName;
    assert.equal(pointerOf(), "pickerState.regenerate");
    // At full weight the struct's field comments carry more of the issue's words.
    assert.equal(pointerOf({ pointers: { dataDeclarations: 1 } }), "pickerState");
  });

  it("sends the reader to where a quoted exception is raised, not to the exception's definition", () => {
    const index = shopWith(ERRORS);
    const issue = "Checkout shows PaymentDeclinedError for a valid card\nThe response status is ok but PaymentDeclinedError is raised.";
    const errors = rankLexical(index, issue).find((f) => f.path === ERRORS.path);
    assert.equal(errors?.evidence.symbol?.qualifiedName, "check_response");
    const asDefinition = rankLexical(index, issue, { pointers: { quotedErrors: 1 } }).find((f) => f.path === ERRORS.path);
    assert.equal(asDefinition?.evidence.symbol?.qualifiedName, "PaymentDeclinedError");
  });

  it("treats a quoted warning class like a quoted exception: the place that emits it comes first", () => {
    const warnings = {
      path: "shop/payment/warnings.py",
      text: `class DuplicateChargeWarning(UserWarning):
    pass


def warn_on_duplicate(charges):
    if len(set(charges)) < len(charges):
        warnings.warn("charged twice", DuplicateChargeWarning)
`,
      symbols: [
        { name: "DuplicateChargeWarning", qualifiedName: "DuplicateChargeWarning", kind: "class", startLine: 1, endLine: 2 },
        { name: "warn_on_duplicate", qualifiedName: "warn_on_duplicate", kind: "function", startLine: 5, endLine: 7 },
      ] satisfies SymbolInfo[],
    };
    const index = shopWith(warnings);
    const issue = "DuplicateChargeWarning on a single charge\nPaying once emits DuplicateChargeWarning.";
    const pointerOf = (options = {}) => rankLexical(index, issue, options).find((f) => f.path === warnings.path)?.evidence.symbol?.qualifiedName;
    assert.equal(pointerOf(), "warn_on_duplicate");
    assert.equal(pointerOf({ pointers: { quotedErrors: 1 } }), "DuplicateChargeWarning");
  });

  it("is the member of the type the issue qualifies, not a same-named member of another type in the file", () => {
    const fields = {
      path: "shop/forms/fields.py",
      text: `class BoundField:
    def label_for(self):
        """The label of the bound field, from its widget id."""
        return self.widget.id or self.auto_id


class BoundChoice:
    def label_for(self):
        return "id_%s" % self.index
`,
      symbols: [
        { name: "BoundField", qualifiedName: "BoundField", kind: "class", startLine: 1, endLine: 4 },
        { name: "label_for", qualifiedName: "BoundField.label_for", kind: "method", startLine: 2, endLine: 4 },
        { name: "BoundChoice", qualifiedName: "BoundChoice", kind: "class", startLine: 7, endLine: 9 },
        { name: "label_for", qualifiedName: "BoundChoice.label_for", kind: "method", startLine: 8, endLine: 9 },
      ] satisfies SymbolInfo[],
    };
    const index = shopWith(fields);
    const pointerOf = (issue: string) => rankLexical(index, issue).find((f) => f.path === fields.path)?.evidence.symbol?.qualifiedName;
    const issue = "BoundChoice.label_for ignores the widget id\nThe label of a bound choice should use the widget id.";
    assert.equal(pointerOf(issue), "BoundChoice.label_for");
    // Written alone too, the name names both members again, and the words choose.
    assert.equal(pointerOf(`${issue}\nAlso \`label_for()\` is called twice.`), "BoundField.label_for");
  });

  it("shows a second place when it scores nearly as well and does not overlap the first", () => {
    const issue = "`PaymentGateway.charge()` and `PaymentGateway.refund()` both post to the wrong url";
    // refund's own line also says `charge`: it scores 1.35 to charge's 1.05 (0.77 of it).
    const close = evidenceOf(issue, "shop/payment/gateway.py", { pointers: { second: 0.75 } });
    assert.deepEqual([close?.symbol?.qualifiedName, close?.alsoSymbol?.qualifiedName], ["PaymentGateway.refund", "PaymentGateway.charge"]);
    const strict = evidenceOf(issue, "shop/payment/gateway.py", { pointers: { second: 0.8 } });
    assert.deepEqual([strict?.symbol?.qualifiedName, strict?.alsoSymbol], ["PaymentGateway.refund", undefined]);
    // The class is only the qualifier of the names the issue writes: not named, not first.
    assert.notEqual(evidenceOf(issue, "shop/payment/gateway.py")?.symbol?.qualifiedName, "PaymentGateway");
  });
});

describe("the cross-file symbol ranking", () => {
  it("lists symbols best first, its first symbol the best file's pointer, each with its file's rank and why", () => {
    const issue = "The discount code percentage is applied twice to the cart total";
    const files = rankLexical(shop, issue);
    const symbols = rankSymbols(shop, issue, { limit: 5 });
    assert.equal(symbols.length, 5);
    assert.deepEqual([symbols[0].path, symbols[0].qualifiedName], [files[0].path, files[0].evidence.symbol?.qualifiedName]);
    assert.ok(symbols.every((s, i) => i === 0 || s.score <= symbols[i - 1].score));
    assert.ok(symbols.every((s) => s.fileRank === files.findIndex((f) => f.path === s.path) + 1));
    assert.ok(symbols[0].evidence.terms.includes("discount"), symbols[0].evidence.terms.join(" "));
    assert.deepEqual(rankSymbols(shop, "zzzz qqqq"), []);
  });

  it("keeps to the path filter", () => {
    const symbols = rankSymbols(shop, "discount code percentage total", { include: (p) => !p.startsWith("shop/cart") });
    assert.ok(symbols.length > 0 && symbols.every((s) => !s.path.startsWith("shop/cart")));
  });
});
