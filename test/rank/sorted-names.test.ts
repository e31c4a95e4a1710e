import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeSortedNames, NAME_BLOCK, SortedNames, sortOrder } from "../../src/rank/sorted-names.js";

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
