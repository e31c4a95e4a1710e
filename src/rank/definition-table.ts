import type { TermInterner } from "./term-interner.js";

/**
 * The definitions map of a decoded lexical snapshot (`LexicalIndex.definitions`), answered from the saved tables:
 * names are found through an interner's hash table and their files read from two offset columns, so decoding makes
 * no string, array or map entry per name (django: 46,000 names; a ranking looks up a few dozen). Iterating, which
 * only tests and re-encoding do, decodes every name. Names are in the built map's insertion order.
 */
export class DefinitionTable implements ReadonlyMap<string, readonly number[]> {
  readonly #names: TermInterner;
  readonly #start: Int32Array;
  readonly #files: Int32Array;

  /** `names` holds name k as id k; its files are `files[start[k] .. start[k+1])`. */
  constructor(names: TermInterner, start: Int32Array, files: Int32Array) {
    if (start.length !== names.size + 1 || start[names.size] !== files.length) {
      throw new Error("definition table columns do not fit together");
    }
    this.#names = names;
    this.#start = start;
    this.#files = files;
  }

  get size(): number {
    return this.#names.size;
  }

  get(name: string): readonly number[] | undefined {
    const k = this.#names.find(name);
    return k === undefined ? undefined : this.#list(k);
  }

  has(name: string): boolean {
    return this.#names.find(name) !== undefined;
  }

  *entries(): MapIterator<[string, readonly number[]]> {
    const names = this.#names.strings();
    for (let k = 0; k < names.length; k++) yield [names[k], this.#list(k)];
  }

  *keys(): MapIterator<string> {
    yield* this.#names.strings();
  }

  *values(): MapIterator<readonly number[]> {
    for (let k = 0; k < this.#names.size; k++) yield this.#list(k);
  }

  forEach(
    callback: (value: readonly number[], key: string, map: ReadonlyMap<string, readonly number[]>) => void,
  ): void {
    for (const [name, list] of this.entries()) callback(list, name, this);
  }

  [Symbol.iterator](): MapIterator<[string, readonly number[]]> {
    return this.entries();
  }

  #list(k: number): number[] {
    return Array.from(this.#files.subarray(this.#start[k], this.#start[k + 1]));
  }
}
