import type { LexicalIndex } from "./lexical-index.js";
import { lendScores } from "./lend-scores.js";

/** Shares of score lent along the code graph (`graph/code-graph.ts`). 0 switches one off. */
export interface GraphWeights {
  /**
   * A file defining a type the issue names lends this share to the files of that type's subtypes (implementations,
   * subclasses) and supertypes (base classes): the public type is named, the fix is often in its implementation or
   * its base.
   */
  readonly types: number;
  /**
   * Which named types lend: `declarations` only interfaces and traits (they hold no behaviour, so a fix "in" them is
   * in an implementation), `any` every type with its sub- and supertypes.
   */
  readonly typesFrom: "declarations" | "any";
  /**
   * A file a stack frame names lends this share to the code files that import it and match the words: the
   * innermost frame is where an error surfaces, the caller feeding it bad input is often the fix.
   */
  readonly feeders: number;
  /**
   * Each of the `NEIGHBOUR_DEPTH` best files lends this share to the other best files it imports or is imported by:
   * between near-tied siblings, the one the others depend on (or that depends on them) is likelier.
   */
  readonly neighbours: number;
}

/** A subtype or supertype set larger than this is a framework's base class (`Model`, `Exception`): no evidence. */
const MAX_RELATED_TYPES = 8;
/** How many of the best files take part in the neighbour signal. */
const NEIGHBOUR_DEPTH = 10;

/** Why a file was lifted along the graph: the relation, the lender, and the type named in the issue if any. */
export interface GraphLoan {
  readonly relation: "subtype" | "supertype" | "feeds" | "neighbour";
  readonly lender: number;
  readonly name?: string;
}

/**
 * Lends along type relations from the files defining the named types (`named`: file → the names it defines
 * that the issue names). Mutates `scores`; returns each lifted file's loan.
 */
export function lendAlongTypes(
  index: LexicalIndex, scores: Float64Array, named: ReadonlyMap<number, readonly string[]>, share: number,
  from: GraphWeights["typesFrom"] = "any",
): Map<number, GraphLoan> {
  const pairs: [number, number][] = [];
  const why = new Map<string, GraphLoan>();
  for (const [lender, names] of named) {
    for (const name of names) {
      const declaration = index.files[lender].symbols.some((s) => s.name === name && (s.kind === "interface" || s.kind === "trait"));
      if (from === "declarations" && !declaration) continue;
      const subs = index.graph.subtypesOf(name);
      const sups = from === "declarations" ? [] : index.graph.supertypesOf(name);
      for (const [related, relation] of [[subs, "subtype"], [sups, "supertype"]] as const) {
        if (related.length > MAX_RELATED_TYPES) continue;
        for (const t of related) {
          if (t.file === lender) continue;
          pairs.push([lender, t.file]);
          const key = `${lender}:${t.file}`;
          if (!why.has(key)) why.set(key, { relation, lender, name });
        }
      }
    }
  }
  return explain(lendScores(pairs, scores, share), why);
}

/**
 * Lends from each file a stack frame names (`frameFiles`) to the code files importing it that already score
 * (`isCode` keeps tests, which import everything a trace passes through, out). Mutates `scores`.
 */
export function lendToFeeders(
  index: LexicalIndex, scores: Float64Array, frameFiles: Iterable<number>, share: number, isCode: (file: number) => boolean,
): Map<number, GraphLoan> {
  const pairs: [number, number][] = [];
  for (const lender of frameFiles) {
    for (const importer of index.graph.importersOf(lender)) {
      if (scores[importer] > 0 && isCode(importer)) pairs.push([lender, importer]);
    }
  }
  const why = new Map(pairs.map(([lender, borrower]) => [`${lender}:${borrower}`, { relation: "feeds" as const, lender }]));
  return explain(lendScores(pairs, scores, share), why);
}

/** Lends between the best files linked by an import either way (see `GraphWeights.neighbours`). Mutates `scores`. */
export function lendToNeighbours(index: LexicalIndex, scores: Float64Array, best: readonly number[], share: number): Map<number, GraphLoan> {
  const top = best.slice(0, NEIGHBOUR_DEPTH);
  const inTop = new Set(top);
  const pairs: [number, number][] = [];
  for (const d of top) {
    for (const other of index.graph.importsOf(d)) {
      if (!inTop.has(other)) continue;
      pairs.push([d, other], [other, d]);
    }
  }
  const why = new Map(pairs.map(([lender, borrower]) => [`${lender}:${borrower}`, { relation: "neighbour" as const, lender }]));
  return explain(lendScores(pairs, scores, share), why);
}

function explain(lenders: ReadonlyMap<number, number>, why: ReadonlyMap<string, GraphLoan>): Map<number, GraphLoan> {
  const out = new Map<number, GraphLoan>();
  for (const [borrower, lender] of lenders) {
    const loan = why.get(`${lender}:${borrower}`);
    if (loan) out.set(borrower, loan);
  }
  return out;
}
