import { buildQueryTerms, type WeightedTerm } from "./build-query.js";
import { buildEvidence } from "./build-evidence.js";
import type { FileRole } from "./file-role.js";
import type { LexicalIndex } from "./lexical-index.js";
import { parseIssue, type ParsedIssue } from "./parse-issue.js";
import { resolveLexicalOptions, type LexicalRankOptions, type LexicalRankOptionsInput } from "./rank-options.js";
import { resolveMentions } from "./resolve-mentions.js";
import { scoreBm25f } from "./score-bm25f.js";
import { scoreDefinitions } from "./score-definitions.js";
import { scanTokens } from "./tokenize.js";
import type { RankedFile } from "./types.js";

/**
 * Ranks the index's files for an issue's text (title on the first line) with BM25F plus evidence signals: stack
 * frames, explicit paths, module names and definitions of the issue's identifiers. Returns at most
 * `options.limit` files with a positive score, best first, each with its evidence. Pure.
 */
export function rankLexical(index: LexicalIndex, issueText: string, options: LexicalRankOptionsInput = {}): RankedFile[] {
  const o = resolveLexicalOptions(options);
  const issue = parseIssue(issueText);
  const split = o.bm25.part > 0;
  const terms = o.parseQuery ? buildQueryTerms(issue, o.query, split) : rawTerms(issueText, split);
  const scores = combineScores(index, issue, terms, o);
  const top = topFiles(scores, o.limit, index);
  return buildEvidence({
    index, terms, idfs: scores.idfs, options: o, top, scores: scores.final,
    mentions: scores.mentions, definitions: scores.definitions,
  });
}

/** The raw text's terms, one weight unit per occurrence (classic Okapi BM25 query). */
function rawTerms(text: string, split: boolean): WeightedTerm[] {
  const counts = new Map<string, number>();
  scanTokens(text, (term, part) => {
    if (!part || split) counts.set(term, (counts.get(term) ?? 0) + 1);
  });
  return [...counts].map(([term, weight]) => ({ term, weight }));
}

interface Combined {
  readonly final: Float64Array;
  readonly idfs: ReadonlyMap<string, number>;
  readonly mentions: ReturnType<typeof resolveMentions>;
  readonly definitions: ReturnType<typeof scoreDefinitions>;
}

function combineScores(index: LexicalIndex, issue: ParsedIssue, terms: readonly WeightedTerm[], o: LexicalRankOptions): Combined {
  const n = index.files.length;
  const { scores: lex, idfs } = scoreBm25f(index, terms, o.bm25);
  let maxLex = 0;
  for (let d = 0; d < n; d++) if (lex[d] > maxLex) maxLex = lex[d];
  const final = new Float64Array(n);
  if (maxLex > 0) for (let d = 0; d < n; d++) final[d] = lex[d] / maxLex;

  const s = o.signals;
  const mentions = resolveMentions(index, issue);
  const addAll = (m: ReadonlyMap<number, number>, w: number): void => {
    if (w > 0) for (const [d, v] of m) final[d] += w * v;
  };
  addAll(mentions.frame, s.frame);
  addAll(mentions.path, s.path);
  addAll(mentions.module, s.module);
  const definitions = scoreDefinitions(index, issue);
  if (s.definition > 0) {
    let maxDef = 0;
    for (const v of definitions.score.values()) maxDef = Math.max(maxDef, v);
    if (maxDef > 0) for (const [d, v] of definitions.score) final[d] += (s.definition * v) / maxDef;
  }

  const demote = roleFactors(issue.title, o);
  let maxLines = 1;
  for (const f of index.files) if (f.lineCount > maxLines) maxLines = f.lineCount;
  for (let d = 0; d < n; d++) {
    if (final[d] === 0) continue;
    final[d] *= demote[index.files[d].role];
    if (o.lengthPrior > 0) {
      const p = Math.log1p(index.files[d].lineCount) / Math.log1p(maxLines);
      final[d] *= 1 + o.lengthPrior * (p - 0.5);
    }
  }
  return { final, idfs, mentions, definitions };
}

const ROLE_WORDS: Readonly<Record<Exclude<FileRole, "code">, RegExp>> = {
  test: /\b(tests?|testing|test ?cases?|fixtures?)\b/i,
  doc: /\b(docs?|documentation|docstrings?|typos?|readme|changelog)\b/i,
  example: /\b(examples?|samples?|demos?|tutorials?|benchmarks?)\b/i,
  data: /\b(config(uration)?|settings|json|ya?ml|toml|css|html|templates?)\b/i,
};

/** Demotion factor per role; a role the title talks about is not demoted. */
function roleFactors(title: string, o: LexicalRankOptions): Record<FileRole, number> {
  const f = { code: 1 } as Record<FileRole, number>;
  for (const role of Object.keys(ROLE_WORDS) as Exclude<FileRole, "code">[]) {
    f[role] = ROLE_WORDS[role].test(title) ? 1 : o.demote[role];
  }
  return f;
}

function topFiles(scores: Combined, limit: number, index: LexicalIndex): number[] {
  const { final } = scores;
  const candidates: number[] = [];
  for (let d = 0; d < final.length; d++) if (final[d] > 0) candidates.push(d);
  candidates.sort((a, b) => final[b] - final[a] || (index.files[a].path < index.files[b].path ? -1 : 1));
  return candidates.slice(0, Math.max(0, limit));
}
