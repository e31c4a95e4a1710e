import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeSortedNames, NAME_BLOCK, SortedNames, sortOrder } from "../../src/rank/lexical/sorted-names.js";

/** Names of every shape a tokenizer or a symbol table produces, unsorted, with non-ASCII ones among them. */
const NAMES = Array.from({ length: 1000 }, (_, i) => `${["get", "Set", "_x", "ünïcode", "名前", "a"][i % 6]}${(i * 7919) % 1009}`);

function open(names: readonly string[], reads: [number, number][] = []) {
  const sorted = Array.from(sortOrder(names), (i) => names[i]);
  const encoded = encodeSortedNames(sorted);
  const table = new SortedNames(sorted.length, encoded.keys, encoded.blockStart, encoded.arena.length, (from, to) => {
    reads.push([from, to]);
    return encoded.arena.slice(from, to);
  });
  return { sorted, encoded, table };
}

test("every saved name is found at its sorted rank by reading one block; other names are not found", () => {
  const reads: [number, number][] = [];
  const { sorted, table } = open(NAMES, reads);
  assert.ok(sorted.length > 10 * NAME_BLOCK);
  assert.equal(table.size, sorted.length);
  assert.equal(table.find(sorted[700]), 700);
  assert.equal(reads.length, 1);
  sorted.forEach((name, rank) => assert.equal(table.find(name), rank, name));
  // Each block is read once, however many names are looked up in it.
  assert.equal(reads.length, Math.ceil(sorted.length / NAME_BLOCK));
  for (const absent of ["", " ", "0", "get", "get10090", "zzz", "名", "ü", `${sorted[0]}\u0000`]) {
    assert.equal(table.find(absent), undefined, JSON.stringify(absent));
  }
  assert.deepEqual(table.strings(), sorted);
});

test("no names, and a table whose parts do not fit together is refused", () => {
  const empty = open([]);
  assert.equal(empty.table.size, 0);
  assert.equal(empty.table.find("x"), undefined);
  assert.deepEqual(empty.table.strings(), []);

  const { sorted, encoded } = open(NAMES);
  assert.throws(() => new SortedNames(sorted.length + NAME_BLOCK, encoded.keys, encoded.blockStart, encoded.arena.length, () => encoded.arena),
    /do not fit/);
  assert.throws(() => new SortedNames(sorted.length, encoded.keys, encoded.blockStart, encoded.arena.length - 1, () => encoded.arena),
    /do not fit/);
  // A block whose bytes are not the names its key promises is refused when read.
  const damaged = new SortedNames(sorted.length, encoded.keys, encoded.blockStart, encoded.arena.length,
    (from, to) => encoded.arena.slice(from, to).fill(0x61));
  assert.throws(() => damaged.find(sorted[5]), /damaged/);
});

test("the order is JavaScript's string order, whatever the names' first code units", () => {
  // Units around the key's 7-bit cap, NUL, surrogate halves and the last BMP unit, in names of 0 to 5 units: names
  // that tie on their key, names that are prefixes of others, names whose first difference is beyond the key.
  const units = [0, 1, 0x30, 0x61, 0x7a, 126, 127, 128, 0xe9, 0x540d, 0xd83d, 0xde00, 0xe000, 0xffff];
  let seed = 12345;
  // xorshift32: exact in 32-bit integers, so the sequence does not fall into a short cycle.
  const next = (n: number): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const names = new Set<string>([""]);
  while (names.size < 5000) {
    names.add(String.fromCharCode(...Array.from({ length: next(6) }, () => units[next(units.length)])));
  }
  for (const list of [[...names], [...names].reverse(), NAMES]) {
    const expected = [...list].sort((a, b) => (a < b ? -1 : 1));
    assert.deepEqual(Array.from(sortOrder(list), (i) => list[i]), expected);
  }
});
