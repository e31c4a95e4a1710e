/**
 * Named option sets for the ablation (docs/ranking.md): the plain-BM25 baseline, each signal added alone to it,
 * and the defaults (all signals on). Bench only.
 */
import { DEFAULT_LEXICAL_OPTIONS, PLAIN_BM25_OPTIONS, resolveLexicalOptions, type LexicalRankOptionsInput } from "../src/rank/rank-options.js";

const plain = PLAIN_BM25_OPTIONS;
const d = DEFAULT_LEXICAL_OPTIONS;
const onPlain = (o: LexicalRankOptionsInput): LexicalRankOptionsInput => resolveLexicalOptions(o, plain);

export const ABLATION_CONFIGS: Record<string, LexicalRankOptionsInput> = {
  plain,
  "+split": onPlain({ bm25: { part: d.bm25.part } }),
  "+path": onPlain({ bm25: { dir: d.bm25.dir, name: d.bm25.name } }),
  "+symbol": onPlain({ bm25: { symbol: d.bm25.symbol } }),
  "+query": onPlain({ parseQuery: true }),
  "+mentions": onPlain({ signals: { frame: d.signals.frame, path: d.signals.path, module: d.signals.module } }),
  "+definitions": onPlain({ signals: { definition: d.signals.definition } }),
  "+demote": onPlain({ demote: d.demote }),
  "+length": onPlain({ lengthPrior: d.lengthPrior || 0.5 }),
  "+symbols": onPlain({ signals: { symbol: d.signals.symbol || 0.5 } }),
  default: d,
};
