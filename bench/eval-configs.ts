/**
 * Named option sets for the ablation (docs/ranking.md): the plain-BM25 baseline, each default signal added alone to
 * it, the defaults, the defaults with each signal removed, and probes of other weights. Bench only.
 */
import { DEFAULT_QUERY_WEIGHTS } from "../src/rank/query/build-query.js";
import { DEFAULT_POINTER_OPTIONS } from "../src/rank/pointers/score-pointers.js";
import {
  DEFAULT_LEXICAL_OPTIONS, resolveLexicalOptions, type LexicalRankOptions, type LexicalRankOptionsInput,
} from "../src/rank/signals/rank-options.js";

/**
 * Plain BM25 over whole files with a word splitter (Okapi, k1 1.2, b 0.75): the baseline of the ablation table.
 * No identifier splitting, no path or symbol fields, no query understanding, no evidence signals.
 */
export const PLAIN_BM25_OPTIONS: LexicalRankOptions = {
  limit: 50,
  bm25: { k1: 1.2, word: 1, part: 0, symbol: 0, dir: 0, name: 0, bContent: 0.75, bSymbol: 0.75, bPath: 0.75 },
  parseQuery: false,
  query: DEFAULT_QUERY_WEIGHTS,
  signals: { frame: 0, path: 0, module: 0, definition: 0, symbol: 0 },
  definitions: { title: 0, repeat: 0, floor: 0 },
  demote: { test: 1, doc: 1, example: 1, data: 1, build: 1, meta: 1, generated: 1 },
  testSubjects: 0,
  packages: 0,
  declarationModules: 1,
  declarationSubjects: 0,
  titleNames: 0,
  templates: false,
  entryFrames: 1,
  symbolDepth: 100,
  platformCopies: 1,
  pointers: DEFAULT_POINTER_OPTIONS,
};

const plain = PLAIN_BM25_OPTIONS;
const d = DEFAULT_LEXICAL_OPTIONS;
const onPlain = (o: LexicalRankOptionsInput): LexicalRankOptionsInput => resolveLexicalOptions(o, plain);
const onDefault = (o: LexicalRankOptionsInput): LexicalRankOptionsInput => resolveLexicalOptions(o, d);

/** Each default signal as the options that switch it on (over plain) and off (over the defaults). */
const SIGNALS: Record<string, { on: LexicalRankOptionsInput; off: LexicalRankOptionsInput }> = {
  "identifier splitting": { on: { bm25: { part: d.bm25.part } }, off: { bm25: { part: 0 } } },
  "path fields": { on: { bm25: { dir: d.bm25.dir, name: d.bm25.name } }, off: { bm25: { dir: 0, name: 0 } } },
  "symbol-name field": { on: { bm25: { symbol: d.bm25.symbol } }, off: { bm25: { symbol: 0 } } },
  "query understanding": { on: { parseQuery: true }, off: { parseQuery: false } },
  "frames + paths": {
    on: { signals: { frame: d.signals.frame, path: d.signals.path } },
    off: { signals: { frame: 0, path: 0 } },
  },
  "module names": { on: { signals: { module: d.signals.module } }, off: { signals: { module: 0 } } },
  definitions: {
    on: { signals: { definition: d.signals.definition }, definitions: d.definitions },
    off: { signals: { definition: 0 } },
  },
  "symbol segments": { on: { signals: { symbol: d.signals.symbol } }, off: { signals: { symbol: 0 } } },
  "demote tests/docs/examples": { on: { demote: d.demote }, off: { demote: { test: 1, doc: 1, example: 1, data: 1, build: 1, meta: 1, generated: 1 } } },
  "build + meta roles": { on: { demote: { build: d.demote.build, meta: d.demote.meta } }, off: { demote: { build: d.demote.data, meta: d.demote.data } } },
  "issue forms": { on: { templates: d.templates }, off: { templates: false } },
  "test subjects": { on: { testSubjects: d.testSubjects }, off: { testSubjects: 0 } },
  "named packages": { on: { packages: d.packages }, off: { packages: 0 } },
  "declaration subjects": { on: { declarationSubjects: d.declarationSubjects }, off: { declarationSubjects: 0 } },
  "declaration modules": { on: { declarationModules: d.declarationModules }, off: { declarationModules: 1 } },
  "title names": { on: { titleNames: d.titleNames }, off: { titleNames: 0 } },
  "entry frames": { on: { entryFrames: d.entryFrames }, off: { entryFrames: 1 } },
};

export const ABLATION_CONFIGS: Record<string, LexicalRankOptionsInput> = {
  plain,
  ...Object.fromEntries(Object.entries(SIGNALS).map(([name, s]) => [`plain + ${name}`, onPlain(s.on)])),
  default: d,
  ...Object.fromEntries(Object.entries(SIGNALS).map(([name, s]) => [`default − ${name}`, onDefault(s.off)])),
  // Parts of query understanding (the plain rows do not parse the query), measured on their own over the defaults.
  "default − title emphasis": onDefault({ query: { titleBoost: 0 } }),
  "default − foreign blocks": onDefault({ query: { foreignBlocks: 0 } }),
  // Probes of other weights (docs/ranking.md, "What was tried").
  "default + amalgamations ×0.5": onDefault({ demote: { generated: 0.5 } }),
  "default + named packages 1.0": onDefault({ packages: 1 }),
  "default + declaration modules ×0.3": onDefault({ declarationModules: 0.3 }),
  "default + declaration subjects 0.2": onDefault({ declarationSubjects: 0.2 }),
  "default + declaration subjects 0.6": onDefault({ declarationSubjects: 0.6 }),
  "default + foreign blocks 0.8": onDefault({ query: { foreignBlocks: 0.8 } }),
  "default + title names 1.0": onDefault({ titleNames: 1 }),
  // Hub files (a debug layer, a shim, a barrel, a big dispatch file match many words of any issue): stronger length
  // normalisation of the content and symbol fields.
  "default + bContent 0.9": onDefault({ bm25: { bContent: 0.9 } }),
  "default + bContent 1.0": onDefault({ bm25: { bContent: 1 } }),
  "default + bSymbol 0.9": onDefault({ bm25: { bSymbol: 0.9 } }),
};
