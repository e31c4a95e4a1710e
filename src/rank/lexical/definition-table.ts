/** Names by id: what a definition table looks its names up in. */
export interface NameTable {
  readonly size: number;
  /** The id of `name`, or undefined. */
  find(name: string): number | undefined;
  /** Every name, by id. */
  strings(): string[];
}

/**
 * The definitions map of a lexical snapshot (`LexicalIndex.definitions`), answered from the saved tables: a name is
 * found through a `NameTable` (the saved sorted names) and its files read by its id, so opening a snapshot makes no
 * string, array or map entry per name (django: 46,000 names; a ranking looks up a few dozen). Iterating, which only
 * tests do, reads every name; names come in their table's order.
 */
export class DefinitionTable implements ReadonlyMap<string, readonly number[]> {
  readonly #names: NameTable;
  readonly #files: (id: number) => Int32Array;

  /** `files(k)` answers the files of the name with id k. */
  constructor(names: NameTable, files: (id: number) => Int32Array) {
    this.#names = names;
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
    return Array.from(this.#files(k));
  }
}
