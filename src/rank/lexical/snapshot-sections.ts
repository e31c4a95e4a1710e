/**
 * The container of a lexical snapshot: a header (magic, section count, each section's byte length) and then the
 * sections, each at an 8-byte boundary so a typed array can be viewed over it in place. A reader learns where every
 * section lies from the header alone, so a snapshot kept in a file can be read section by section, or a byte range of
 * one section (a term's postings), without reading the rest.
 */

/** A column of a snapshot held whole in memory. */
export type TypedColumn = Uint8Array | Int32Array | Uint16Array | Float32Array | Float64Array;

/**
 * A column produced while it is written, a piece at a time, so it is never whole in memory: a large index's postings
 * in their saved order (six columns of ~6 million entries on a 40,000-file tree). `pieces` may be iterated more
 * than once; together the pieces hold exactly `byteLength` bytes.
 */
export interface StreamedColumn {
  readonly byteLength: number;
  pieces(): Iterable<Uint8Array>;
}

/** A column of a snapshot, as written. */
export type Column = TypedColumn | StreamedColumn;

/**
 * Reads `length` bytes at `position` of a packed snapshot. The answer must start at an 8-byte aligned offset of its
 * buffer (a fresh buffer, or a view at an aligned offset) and may be shorter only when the snapshot ends first.
 */
export type ReadAt = (position: number, length: number) => Uint8Array;

/** Where each section of a packed snapshot lies, and its bytes on demand. */
export interface Sections {
  readonly count: number;
  /** Byte length of section `i`. */
  byteLength(i: number): number;
  /** Bytes `from .. to` of section `i` (default: all of it); throws when the snapshot ends before them. */
  read(i: number, from?: number, to?: number): Uint8Array;
}

const align = (n: number): number => (n + 7) & ~7;

/** A packed snapshot not yet joined into one buffer: its length, and its bytes as a few pieces in order. */
export interface PackedSections {
  readonly byteLength: number;
  /** The header, then each section followed by its padding: written one after another they are the snapshot. */
  pieces(): Iterable<Uint8Array>;
}

/**
 * Lays sections out as [magic u32, section count u32, byte length f64 per section], then each section 8-byte
 * aligned, without copying them: a large index is written to its file piece by piece instead of being joined into a
 * second buffer as large as itself (130 MB for a 37,000-file repository).
 */
export function layOutSections(magic: number, sections: readonly Column[]): PackedSections {
  const headerBytes = align(8 + 8 * sections.length);
  const header = new Uint8Array(headerBytes);
  const view = new DataView(header.buffer);
  view.setUint32(0, magic, true);
  view.setUint32(4, sections.length, true);
  sections.forEach((s, i) => view.setFloat64(8 + 8 * i, s.byteLength, true));
  const padding = new Uint8Array(8);
  return {
    byteLength: sections.reduce((n, s) => n + align(s.byteLength), headerBytes),
    *pieces() {
      yield header;
      for (const s of sections) {
        if ("buffer" in s) yield new Uint8Array(s.buffer, s.byteOffset, s.byteLength);
        else yield* checkedPieces(s);
        if (align(s.byteLength) > s.byteLength) yield padding.subarray(0, align(s.byteLength) - s.byteLength);
      }
    },
  };
}

/** Postings gathered per chunk of a streamed column: 64 Ki entries (256 KB of file numbers). */
const GATHER_CHUNK = 65_536;

/**
 * A postings column (`from`: file numbers or a field's counts in term-id order, term t's at `starts[t]` to
 * `starts[t + 1]`) streamed in the term order `order`: each term's range in turn, copied into chunks. Most terms have
 * a posting or two, so ranges are copied element by element rather than through a subarray per term and column
 * (over half a million of them on django).
 */
export function gatheredColumn(from: Int32Array | Uint16Array, order: Int32Array, starts: Int32Array): StreamedColumn {
  const make = (n: number): Int32Array | Uint16Array => (from instanceof Int32Array ? new Int32Array(n) : new Uint16Array(n));
  const bytes = (a: Int32Array | Uint16Array, n: number): Uint8Array => new Uint8Array(a.buffer, 0, n * a.BYTES_PER_ELEMENT);
  return {
    byteLength: from.byteLength,
    *pieces() {
      let chunk = make(GATHER_CHUNK);
      let at = 0;
      for (let r = 0; r < order.length; r++) {
        const t = order[r];
        for (let k = starts[t], end = starts[t + 1]; k < end; k++) {
          chunk[at++] = from[k];
          if (at === GATHER_CHUNK) {
            yield bytes(chunk, at);
            chunk = make(GATHER_CHUNK);
            at = 0;
          }
        }
      }
      if (at > 0) yield bytes(chunk, at);
    },
  };
}

/** A streamed column's pieces, failing if they do not add up to its length: the header already promised it. */
function* checkedPieces(column: StreamedColumn): Iterable<Uint8Array> {
  let total = 0;
  for (const piece of column.pieces()) {
    total += piece.byteLength;
    if (total > column.byteLength) break;
    yield piece;
  }
  if (total !== column.byteLength) throw new Error(`a streamed snapshot column gave ${total} bytes, not ${column.byteLength}`);
}

/**
 * Opens a packed snapshot of `totalLength` bytes through `readAt`: reads and checks the header only. Throws on another
 * magic, or when the sections the header lists do not fill exactly `totalLength` bytes (a truncated or damaged file).
 */
export function openSections(magic: number, readAt: ReadAt, totalLength: number): Sections {
  const head = readAt(0, Math.min(8, totalLength));
  if (head.length < 8 || dataView(head).getUint32(0, true) !== magic) throw new Error("not a lexical snapshot");
  const count = dataView(head).getUint32(4, true);
  const headerBytes = align(8 + 8 * count);
  if (headerBytes > totalLength) throw new Error("lexical snapshot is truncated");
  const lengths = dataView(readAt(8, 8 * count));
  const starts: number[] = [];
  const byteLengths: number[] = [];
  let at = headerBytes;
  for (let i = 0; i < count; i++) {
    const length = lengths.getFloat64(8 * i, true);
    if (!Number.isInteger(length) || length < 0 || at + length > totalLength) throw new Error("lexical snapshot is truncated");
    starts.push(at);
    byteLengths.push(length);
    at += align(length);
  }
  if (at !== totalLength) throw new Error("lexical snapshot has trailing bytes");
  return {
    count,
    byteLength: (i) => byteLengths[i],
    read(i, from = 0, to = byteLengths[i]) {
      if (!(i >= 0 && i < count && from >= 0 && from <= to && to <= byteLengths[i])) throw new Error(`lexical snapshot section ${i}: bad range`);
      const bytes = readAt(starts[i] + from, to - from);
      if (bytes.length !== to - from) throw new Error("lexical snapshot is truncated");
      return bytes;
    },
  };
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
