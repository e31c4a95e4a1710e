import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { longDocstringTails, MIN_OMITTED_LINES, withLinesLeftOut } from "../../src/mcp/long-docstrings.js";

const CLASS = [
  "class Scaler(Base):",                         // 10
  '    """Scale features.',                      // 11
  "",                                            // 12
  "    Parameters",                              // 13
  "    ----------",                              // 14
  "    copy : bool",                             // 15
  '    """',                                     // 16
  "",                                            // 17
  "    def fit(self, X,",                        // 18
  '            y=None, sep=")"):  # a comment (',  // 19
  '        """',                                 // 20
  "        Fit the scaler.",                     // 21
  "",                                            // 22
  "        Returns",                             // 23
  "        -------",                             // 24
  "        self",                                // 25
  '        """',                                 // 26
  "        return self._fit(X)",                 // 27
  "",                                            // 28
  "    def short(self):",                        // 29
  '        """One line."""',                     // 30
  "        return 1",                            // 31
];

describe("longDocstringTails", () => {
  it("leaves out each long docstring after its summary line, in the class and in its methods", () => {
    assert.deepEqual(longDocstringTails(CLASS, 10), [
      { start: 12, end: 16 },
      // The quotes open alone on line 20: the summary on line 21 stays too.
      { start: 22, end: 26 },
    ]);
  });

  it("keeps docstrings shorter than the threshold, one-line ones and unclosed ones", () => {
    const short = ["def f():", '    """Sum.', ...Array.from({ length: MIN_OMITTED_LINES - 2 }, () => "    x"), '    """', "    return 1"];
    assert.deepEqual(longDocstringTails(short, 1), []);
    const exact = ["def f():", '    """Sum.', ...Array.from({ length: MIN_OMITTED_LINES - 1 }, () => "    x"), '    """', "    return 1"];
    assert.deepEqual(longDocstringTails(exact, 1), [{ start: 3, end: 2 + MIN_OMITTED_LINES }]);
    assert.deepEqual(longDocstringTails(["def f():", '    """Never closed.', "    a", "    b", "    c", "    d", "    e"], 1), []);
    assert.deepEqual(longDocstringTails(["def f(): return 1", '"""', "a", "b", "c", "d", '"""'], 1), []);
  });

  it("does not take a string that is not the body's first statement", () => {
    const lines = ["def f():", "    x = 1", '    """', "    a", "    b", "    c", "    d", '    """'];
    assert.deepEqual(longDocstringTails(lines, 1), []);
  });
});

describe("withLinesLeftOut", () => {
  it("replaces each range by one indented line naming it, and keeps every other line as it was", () => {
    const shown = withLinesLeftOut(CLASS, 10, longDocstringTails(CLASS, 10)).split("\n");
    assert.deepEqual(shown.slice(0, 4), [
      "class Scaler(Base):", '    """Scale features.', "    ... (docstring lines 12-16 left out)", "",
    ]);
    assert.equal(shown[7], "        Fit the scaler.");
    assert.equal(shown[8], "        ... (docstring lines 22-26 left out)");
    assert.deepEqual(shown.slice(9), CLASS.slice(17));
  });
});

