import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import { anchorRanges, anchoredMatches } from "../../src/index/symbols/anchored-matches.js";
import { collectLinks } from "../../src/index/symbols/collect-links.js";
import { LANGUAGE_RULES } from "../../src/index/symbols/language-rules.js";
import { LINK_ANCHORS, LINK_QUERIES } from "../../src/index/symbols/link-rules.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { FileLinks, Language } from "../../src/index/types.js";

// Links are queried only on the lines holding an import, include or class-header word (`LINK_ANCHORS`): the same
// links as a query over the whole tree, including headers whose parts sit on other lines than the keyword.

let extractor: SymbolExtractor;
before(async () => {
  extractor = await createSymbolExtractor();
});
after(() => extractor.dispose());

/** Lines without any anchor, so that the anchored lines are few enough for the ranged query to be used. */
const FILLER: Partial<Record<Language, string>> = {
  python: "x = 1\n", java: "// body\n", go: "// body\n", rust: "// body\n", cpp: "int v = 1;\n",
  javascript: "let v = 1;\n", typescript: "let v = 1;\n", kotlin: "// body\n", php: "// body\n",
};

/** The case's text with 60 filler lines before and after (line numbers in expectations count the first 60). */
function padded(language: Language, source: string): string {
  const filler = FILLER[language]!.repeat(60);
  return language === "php" ? `<?php\n${filler}${source.replace(/^<\?php\n/, "")}${filler}` : `${filler}${source}${filler}`;
}

const CASES: { language: Language; source: string; imports: string[]; types: string[] }[] = [
  {
    language: "python",
    source: "from a.b import (\n    c,\n    d)\nclass A(\n    Base,\n    mod.Mixin):\n    def f(self):\n        import json\n",
    imports: ["a.b", "a.b.c", "a.b.d", "json"],
    types: ["A@64<Base,Mixin"],
  },
  {
    language: "java",
    source: "@Entity\npublic\nclass A<T>\n    extends Base<T>\n    implements I1,\n        I2 { }\n",
    imports: [],
    types: ["A@63<Base,I1,I2"],
  },
  {
    language: "go",
    source: 'import (\n  "fmt"\n  x "github.com/a/b"\n)\ntype (\n  S struct {\n    Base\n  }\n)\n',
    imports: ["fmt", "github.com/a/b"],
    types: ["S@66<Base"],
  },
  {
    language: "rust",
    source: "use crate::a::{\n    B,\n    c::D,\n};\nimpl<T>\n    Display\n    for Point<T> { }\n",
    imports: ["crate::a::B", "crate::a::c::D"],
    types: ["Point@67<Display"],
  },
  {
    language: "cpp",
    source: '#include "x.h"\nclass A\n    : public B,\n      private ns::C<int> {};\n',
    imports: ['"x.h"'],
    types: ["A@62<B,C"],
  },
  {
    language: "javascript",
    source: 'const v = wrap(\n  require(\n    "./a"),\n  other("./b"));\n',
    imports: ["./a"],
    types: [],
  },
  {
    language: "typescript",
    source: 'export {\n  a,\n} from "./barrel";\nclass A\n  extends B\n  implements I {}\n',
    imports: ["./barrel"],
    types: ["A@64<B,I"],
  },
  {
    language: "kotlin",
    source: "import com.foo.Bar\nclass A :\n    Base(),\n    I1 {}\n",
    imports: ["com.foo.Bar"],
    types: ["A@62<Base,I1"],
  },
  {
    language: "php",
    source: "<?php\nuse A\\{\n  B,\n  C};\nclass X\n  extends Y {}\n",
    imports: ["A\\B", "A\\C"],
    types: ["X@65<Y"],
  },
];

const supers = (l: FileLinks): string[] => l.types.map((t) => `${t.name}@${t.line}<${t.supers.join(",")}`);

test("headers spread over several lines keep every link when only the anchored lines are queried", () => {
  for (const c of CASES) {
    const text = padded(c.language, c.source);
    assert.ok(anchorRanges(text, LINK_ANCHORS[c.language]!), `${c.language}: the ranged query is used`);
    const links = extractor.outline(text, c.language).links;
    assert.deepEqual(links.imports, c.imports, c.language);
    assert.deepEqual(supers(links), c.types, c.language);
  }
});

test("the anchored query finds what a walk of the whole tree finds, in the same order", async () => {
  const require = createRequire(import.meta.url);
  const { Parser, Language: Grammar, Query } = await import("web-tree-sitter");
  await Parser.init();
  const parser = new Parser();
  try {
    for (const c of CASES) {
      const grammar = await Grammar.load(require.resolve(`tree-sitter-wasms/out/tree-sitter-${LANGUAGE_RULES[c.language]!.grammar}.wasm`));
      const query = new Query(grammar, LINK_QUERIES[c.language]!);
      parser.setLanguage(grammar);
      const text = padded(c.language, c.source);
      const tree = parser.parse(text)!;
      const whole = collectLinks(query.matches(tree.rootNode, { matchLimit: 10_000 }), c.language);
      const anchored = collectLinks(anchoredMatches(query, tree.rootNode, text, LINK_ANCHORS[c.language], 10_000), c.language);
      assert.deepEqual(anchored, whole, c.language);
      tree.delete();
      query.delete();
    }
  } finally {
    parser.delete();
  }
});

test("anchored lines: counted at newlines, adjacent ones merged, none past a line's first anchor", () => {
  const text = "a\nimport x\nimport y # import\n\nb\nc\nclass Z:\n" + "q\n".repeat(30);
  assert.deepEqual(anchorRanges(text, /\b(?:import|class)\b/g), [[1, 2], [6, 6]]);
  // A word inside another word is no anchor.
  assert.deepEqual(anchorRanges("reimported\n".repeat(10), /\bimport\b/g), []);
  // When most lines hold an anchor, one walk of the tree is cheaper: no ranges.
  assert.equal(anchorRanges("import a\nimport b\nx\n", /\bimport\b/g), undefined);
});
