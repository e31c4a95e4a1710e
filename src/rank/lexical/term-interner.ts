/**
 * Assigns dense ids to terms given as UTF-8 byte ranges, without creating a JavaScript string per occurrence.
 * Building an index over thousands of analyses meets each distinct term hundreds of times; hashing bytes in a typed
 * open-addressing table is several times faster than a `Map<string, number>` over decoded strings, and makes no
 * garbage. Terms never contain `\n`, which separates them in the arena.
 */
/** A `TermInterner`'s tables, for saving a built index and restoring it without interning again. */
export interface TermInternerState {
  readonly arena: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly table: Int32Array;
  readonly count: number;
}

export class TermInterner {
  private arena: Uint8Array = new Uint8Array(1 << 16);
  private arenaLength = 0;
  private starts: Int32Array = new Int32Array(1 << 12);
  private ends: Int32Array = new Int32Array(1 << 12);
  private table: Int32Array = new Int32Array(1 << 13).fill(-1);
  private count = 0;

  /** An interner that finds exactly the terms of `state` (the arrays are used as they are, not copied). */
  static fromState(state: TermInternerState): TermInterner {
    const interner = new TermInterner();
    interner.arena = state.arena;
    interner.arenaLength = state.count === 0 ? 0 : state.ends[state.count - 1] + 1;
    interner.starts = state.starts;
    interner.ends = state.ends;
    interner.table = state.table;
    interner.count = state.count;
    return interner;
  }

  /** The used part of the tables (views, not copies). */
  exportState(): TermInternerState {
    return {
      arena: this.arena.subarray(0, this.arenaLength),
      starts: this.starts.subarray(0, this.count),
      ends: this.ends.subarray(0, this.count),
      table: this.table,
      count: this.count,
    };
  }

  /** Number of distinct terms so far. */
  get size(): number {
    return this.count;
  }

  /** The id of the term `bytes[from..to)`, adding it when new. */
  intern(bytes: Uint8Array, from: number, to: number): number {
    let h = FNV_OFFSET;
    for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], FNV_PRIME);
    return this.internHashed(bytes, from, to, h);
  }

  /**
   * Interns every `\n`-separated term of `bytes[from..to)` (hashing while it scans) into `ids`, and returns how many
   * terms it found.
   */
  internLines(bytes: Uint8Array, from: number, to: number, ids: Int32Array): number {
    let k = 0;
    let start = from;
    let h = FNV_OFFSET;
    for (let i = from; i < to; i++) {
      const b = bytes[i];
      if (b === 10) {
        if (k < ids.length) ids[k] = this.internHashed(bytes, start, i, h);
        k++;
        start = i + 1;
        h = FNV_OFFSET;
      } else {
        h = Math.imul(h ^ b, FNV_PRIME);
      }
    }
    if (to > from) {
      if (k < ids.length) ids[k] = this.internHashed(bytes, start, to, h);
      k++;
    }
    return k;
  }

  /** The id of a term, or undefined when it was never interned. Does not add it. */
  find(term: string): number | undefined {
    const bytes = encoder.encode(term);
    let h = FNV_OFFSET;
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], FNV_PRIME);
    const mask = this.table.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const id = this.table[slot];
      if (id < 0) return undefined;
      if (this.equals(id, bytes, 0, bytes.length)) return id;
    }
  }

  private internHashed(bytes: Uint8Array, from: number, to: number, h: number): number {
    const mask = this.table.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const id = this.table[slot];
      if (id < 0) {
        this.table[slot] = this.add(bytes, from, to);
        if (this.count * 2 > this.table.length) this.rehash();
        return this.count - 1;
      }
      if (this.equals(id, bytes, from, to)) return id;
    }
  }

  /** All terms as strings, indexed by id. */
  strings(): string[] {
    if (this.count === 0) return [];
    return new TextDecoder().decode(this.arena.subarray(0, this.arenaLength - 1)).split("\n");
  }

  private equals(id: number, bytes: Uint8Array, from: number, to: number): boolean {
    const s = this.starts[id];
    if (this.ends[id] - s !== to - from) return false;
    for (let i = 0; i < to - from; i++) if (this.arena[s + i] !== bytes[from + i]) return false;
    return true;
  }

  private add(bytes: Uint8Array, from: number, to: number): number {
    const need = this.arenaLength + (to - from) + 1;
    if (need > this.arena.length) {
      const next = new Uint8Array(Math.max(need, this.arena.length * 2));
      next.set(this.arena.subarray(0, this.arenaLength));
      this.arena = next;
    }
    if (this.count === this.starts.length) {
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.arena.set(bytes.subarray(from, to), this.arenaLength);
    this.starts[this.count] = this.arenaLength;
    this.ends[this.count] = this.arenaLength + (to - from);
    this.arena[this.arenaLength + (to - from)] = 10;
    this.arenaLength = need;
    return this.count++;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let id = 0; id < this.count; id++) {
      let h = FNV_OFFSET;
      for (let i = this.starts[id]; i < this.ends[id]; i++) h = Math.imul(h ^ this.arena[i], FNV_PRIME);
      let slot = h & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const encoder = new TextEncoder();

function grow(a: Int32Array): Int32Array {
  const next = new Int32Array(a.length * 2);
  next.set(a);
  return next;
}
