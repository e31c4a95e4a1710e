import type { Language, SymbolInfo, SymbolKind } from "../../src/index/types.js";
import { analyzeToBytes, countLines } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex, type BuiltLexicalIndex } from "../../src/rank/lexical/lexical-index.js";

/** A small shop written for these tests: Python and Java sources, a test file, docs and an example. */
export interface FixtureFile {
  readonly path: string;
  readonly language: Language;
  readonly text: string;
}

/** A Go source file of a fixture. */
export const goFile = (path: string, text: string): FixtureFile => ({ path, language: "go", text });

export const SHOP_FILES: readonly FixtureFile[] = [
  {
    path: "shop/cart.py",
    language: "python",
    text: `from shop.utils.money import Money


class Cart:
    """A customer's cart: items, quantities and the discount applied at checkout."""

    def __init__(self):
        self.items = []
        self.discount = None

    def add_item(self, product, quantity=1):
        self.items.append((product, quantity))

    def apply_discount(self, code):
        # A discount code lowers the total by a percentage.
        self.discount = code

    def total(self):
        amount = sum(p.price * q for p, q in self.items)
        if self.discount:
            amount = amount * (100 - self.discount.percent) / 100
        return Money(amount)
`,
  },
  {
    path: "shop/payment/gateway.py",
    language: "python",
    text: `class PaymentGateway:
    def charge(self, card, amount):
        if amount.cents <= 0:
            raise ValueError("amount must be positive")
        return self._post("/charge", card, amount)

    def refund(self, charge_id):
        return self._post("/refund", charge_id)

    def _post(self, url, *args):
        raise NotImplementedError
`,
  },
  { path: "shop/payment/__init__.py", language: "python", text: "from .gateway import PaymentGateway\n" },
  {
    path: "shop/utils/money.py",
    language: "python",
    text: `class Money:
    def __init__(self, amount, currency="EUR"):
        self.amount = amount
        self.currency = currency


def format_money(money):
    return f"{money.amount:.0f} {money.currency}"
`,
  },
  {
    path: "tests/test_cart.py",
    language: "python",
    text: `from shop.cart import Cart


def test_total_with_discount():
    cart = Cart()
    cart.add_item(product, 2)
    cart.apply_discount(code)
    assert cart.total() == expected_total  # the discount total of the cart


def test_cart_total_empty():
    assert Cart().total().amount == 0
`,
  },
  {
    path: "docs/cart.md",
    language: "markdown",
    text: "# Cart\n\nThe cart total includes the discount. Apply a discount code to the cart before checkout.\n",
  },
  {
    path: "examples/checkout_demo.py",
    language: "python",
    text: "from shop.cart import Cart\n\ncart = Cart()\ncart.apply_discount(code)\nprint(cart.total())\n",
  },
  {
    path: "src/main/java/com/acme/orders/OrderService.java",
    language: "java",
    text: `package com.acme.orders;

public class OrderService {
    private final OrderRepository repository;

    public Order placeOrder(Cart cart) {
        return repository.save(new Order(cart));
    }

    public void cancelOrder(String orderId) {
        Order order = repository.find(orderId);
        order.cancel();
    }
}
`,
  },
  {
    path: "src/main/java/com/acme/orders/OrderRepository.java",
    language: "java",
    text: `package com.acme.orders;

public interface OrderRepository {
    Order save(Order order);
    Order find(String orderId);
}
`,
  },
];

/**
 * Definitions of each fixture file, written by hand (symbol extraction is the indexer's job): name, kind and
 * 1-based inclusive lines.
 */
const SYMBOLS: Readonly<Record<string, readonly [string, string, SymbolKind, number, number][]>> = {
  "shop/cart.py": [
    ["Cart", "Cart", "class", 4, 22], ["__init__", "Cart.__init__", "method", 7, 9],
    ["add_item", "Cart.add_item", "method", 11, 12], ["apply_discount", "Cart.apply_discount", "method", 14, 16],
    ["total", "Cart.total", "method", 18, 22],
  ],
  "shop/payment/gateway.py": [
    ["PaymentGateway", "PaymentGateway", "class", 1, 11], ["charge", "PaymentGateway.charge", "method", 2, 5],
    ["refund", "PaymentGateway.refund", "method", 7, 8], ["_post", "PaymentGateway._post", "method", 10, 11],
  ],
  "shop/utils/money.py": [
    ["Money", "Money", "class", 1, 4], ["__init__", "Money.__init__", "method", 2, 4],
    ["format_money", "format_money", "function", 7, 8],
  ],
  "tests/test_cart.py": [
    ["test_total_with_discount", "test_total_with_discount", "function", 4, 8],
    ["test_cart_total_empty", "test_cart_total_empty", "function", 11, 12],
  ],
  "src/main/java/com/acme/orders/OrderService.java": [
    ["OrderService", "OrderService", "class", 3, 14], ["placeOrder", "OrderService.placeOrder", "method", 6, 8],
    ["cancelOrder", "OrderService.cancelOrder", "method", 10, 13],
  ],
  "src/main/java/com/acme/orders/OrderRepository.java": [["OrderRepository", "OrderRepository", "interface", 3, 6]],
};

/** The symbols of a fixture file. */
export function fixtureSymbols(path: string): SymbolInfo[] {
  return (SYMBOLS[path] ?? []).map(([name, qualifiedName, kind, startLine, endLine]) => ({ name, qualifiedName, kind, startLine, endLine }));
}

/** Builds the lexical index of the fixture shop, through the same bytes the store would keep. */
export function buildShopIndex(files: readonly FixtureFile[] = SHOP_FILES): BuiltLexicalIndex {
  return buildLexicalIndex(files.map((f) => {
    const symbols = fixtureSymbols(f.path);
    return {
      path: f.path,
      hash: `hash-of-${f.path}`,
      language: f.language,
      lineCount: countLines(f.text),
      symbols,
      analysis: analyzeToBytes({ text: f.text, language: f.language, symbols }),
    };
  }));
}
