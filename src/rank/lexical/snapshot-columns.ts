import { SortedNames } from "./sorted-names.js";
import type { Sections } from "./snapshot-sections.js";

// How a lexical snapshot's columns are written (text columns) and read back (a cursor over its sections).

/** A section read on demand: `length` elements of `size` bytes, read by element range. */
export interface LaterSection {
  readonly length: number;
  int32(from: number, to: number): Int32Array;
  uint16(from: number, to: number): Uint16Array;
  bytes(from: number, to: number): Uint8Array;
}

/** One string per symbol, `\n`-joined per content; content c's strings are bytes `start[c] .. start[c+1]`. */
export interface TextColumn {
  readonly bytes: LaterSection;
  readonly start: Int32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Strings as one `\n`-joined UTF-8 section. */
export function text(values: readonly string[]): Uint8Array {
  return encoder.encode(values.join("\n"));
}

/** A text column's two sections: the contents' `\n`-joined strings back to back, and where each content starts. */
export function textColumn(perContent: readonly Uint8Array[]): [Uint8Array, Int32Array] {
  return [concat(perContent), offsets(perContent.map((b) => b.length))];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The strings of content `c` (`count` of them) in a column; a count that does not match (damage) throws. */
export function contentStrings(column: TextColumn, c: number, count: number): string[] {
  const { bytes, start } = column;
  if (count === 0 && start[c + 1] === start[c]) return [];
  return splitStrings(bytes.bytes(start[c], start[c + 1]), count, "symbols");
}

/** `count` `\n`-joined strings; a count that does not match (a newline inside a value, damage) throws. */
function splitStrings(bytes: Uint8Array, count: number, what: string): string[] {
  const values = count === 0 ? [] : decoder.decode(bytes).split("\n");
  if (values.length !== count || (count === 0 && bytes.length !== 0)) {
    throw new Error(`lexical snapshot ${what} do not match their count`);
  }
  return values;
}

function offsets(lengths: readonly number[]): Int32Array {
  const out = new Int32Array(lengths.length + 1);
  lengths.forEach((n, i) => (out[i + 1] = out[i] + n));
  return out;
}

/** Walks the sections in order: read now (typed views over the read bytes), or kept to be read by range later. */
export function sectionCursor(sections: Sections) {
  let next = 0;
  const take = (): number => {
    if (next >= sections.count) throw new Error("lexical snapshot has too few sections");
    return next++;
  };
  const sized = (i: number, size: number): number => {
    const length = sections.byteLength(i);
    if (length % size !== 0) throw new Error("lexical snapshot section is misaligned");
    return length / size;
  };
  const typed = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, size: number): T => {
    const i = take();
    const length = sized(i, size);
    const bytes = sections.read(i);
    return make(bytes.buffer, bytes.byteOffset, length);
  };
  const later = (size: number): LaterSection => {
    const i = take();
    const length = sized(i, size);
    const range = (from: number, to: number) => sections.read(i, from * size, to * size);
    return {
      length,
      int32: (from, to) => {
        const b = range(from, to);
        return new Int32Array(b.buffer, b.byteOffset, to - from);
      },
      uint16: (from, to) => {
        const b = range(from, to);
        return new Uint16Array(b.buffer, b.byteOffset, to - from);
      },
      bytes: (from, to) => range(from, to),
    };
  };
  return {
    bytes: () => typed((b, o, n) => new Uint8Array(b, o, n), 1),
    int32: () => typed((b, o, n) => new Int32Array(b, o, n), 4),
    float32: () => typed((b, o, n) => new Float32Array(b, o, n), 4),
    later,
    /** `count` sorted names: the block keys and block offsets read now, the names by block later. */
    sortedNames: (count: number): SortedNames => {
      const keys = typed((b, o, n) => new Uint8Array(b, o, n), 1);
      const blockStart = typed((b, o, n) => new Int32Array(b, o, n), 4);
      const arena = later(1);
      return new SortedNames(count, keys, blockStart, arena.length, (from, to) => arena.bytes(from, to));
    },
    /** `count` strings; a count that does not match (a newline inside a value, damage) throws. */
    strings: (count: number): string[] => splitStrings(sections.read(take()), count, "strings"),
    /** A byte section read by range later, and its per-content offsets: rising, ending at the section's length. */
    textColumn(): TextColumn {
      const bytes = later(1);
      const start = typed((b, o, n) => new Int32Array(b, o, n), 4);
      let ok = start.length > 0 && start[start.length - 1] === bytes.length;
      for (let c = 0; ok && c < start.length; c++) ok = start[c] >= (c === 0 ? 0 : start[c - 1]) && start[c] <= bytes.length;
      if (!ok) throw new Error("lexical snapshot text offsets are damaged");
      return { bytes, start };
    },
    end: () => {
      if (next !== sections.count) throw new Error("lexical snapshot has extra sections");
    },
  };
}
