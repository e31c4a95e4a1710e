import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDataset } from "../../src/eval/dataset.js";
import { pointerMeets, scorePointers, summarizePointers, type Pointer } from "../../src/eval/pointer-metrics.js";

const gold = new Map<string, [number, number][]>([["a.py", [[10, 12], [40, 40]]], ["b.py", [[5, 5]]], ["renamed.py", []]]);
const at = (path: string, start: number, end: number): Pointer => ({ path, name: `${path}:${start}`, kind: "function", start, end });

test("a pointer is right when its lines meet a changed range of its own file, edges included", () => {
  assert.equal(pointerMeets(at("a.py", 1, 10), gold), true);
  assert.equal(pointerMeets(at("a.py", 12, 30), gold), true);
  assert.equal(pointerMeets(at("a.py", 13, 39), gold), false, "between the two ranges");
  assert.equal(pointerMeets(at("c.py", 1, 100), gold), false, "not a gold file");
  assert.equal(pointerMeets(at("renamed.py", 1, 100), gold), false, "a gold file without ranges");
});

test("Acc@k looks for a right pointer of a gold file among the first k files; given-file judges only the first pointer", () => {
  const ranking = ["x.py", "a.py", "y.py", "b.py"];
  const pointers = [at("x.py", 1, 5), at("a.py", 20, 30), at("a.py", 39, 41), at("b.py", 5, 9)];
  const m = scorePointers(ranking, pointers, gold);
  assert.ok(m);
  // a.py (2nd file) is right only through its second pointer: Acc@1 no, Acc@3 yes.
  assert.deepEqual(m.acc, { 1: 0, 3: 1, 5: 1, 10: 1 });
  // Shown gold files: a.py (first pointer wrong) and b.py (right).
  assert.deepEqual([m.goldShown, m.firstRight], [2, 1]);
  // y.py is shown without a pointer.
  assert.deepEqual([m.shown, m.unpointed], [4, 1]);
  // The first pointer of each shown file that has one: x.py 1-5, a.py 20-30, b.py 5-9.
  assert.deepEqual(m.firstLines, [5, 11, 5]);
  assert.equal(m.symbolAcc, undefined);
});

test("symbol Acc@5 and @10 read the cross-file symbol ranking; a row without gold lines is left out", () => {
  const symbols = [...Array.from({ length: 10 }, (_, i) => at("x.py", i, i)), at("b.py", 5, 5)];
  assert.deepEqual(scorePointers(["b.py"], [], gold, symbols)?.symbolAcc, { 5: 0, 10: 0 }, "the right symbol is 11th");
  assert.deepEqual(scorePointers(["b.py"], [], gold, symbols.slice(1))?.symbolAcc, { 5: 0, 10: 1 });
  assert.deepEqual(scorePointers(["b.py"], [], gold, symbols.slice(6))?.symbolAcc, { 5: 1, 10: 1 });
  assert.equal(scorePointers(["a.py"], [at("a.py", 10, 10)], new Map([["a.py", []]])), undefined);
});

test("summaries pool the files and skip rows without gold lines; an empty set gives zeros", () => {
  const one = scorePointers(["a.py"], [at("a.py", 10, 10)], gold);
  const two = scorePointers(["b.py", "a.py"], [at("b.py", 1, 2), at("a.py", 1, 2)], gold);
  const s = summarizePointers([one, undefined, two]);
  assert.equal(s.count, 2);
  assert.deepEqual(s.acc, { 1: 0.5, 3: 0.5, 5: 0.5, 10: 0.5 });
  assert.equal(s.givenFile, 1 / 3);
  assert.equal(s.unpointed, 0);
  // First pointers of 1, 2 and 2 lines, pooled over the files.
  assert.equal(s.medianLines, 2);
  assert.equal(summarizePointers([one]).medianLines, 1);
  assert.equal(summarizePointers([one, scorePointers(["a.py"], [at("a.py", 1, 4)], gold)]).medianLines, 2.5);
  assert.deepEqual(summarizePointers([]), { count: 0, acc: { 1: 0, 3: 0, 5: 0, 10: 0 }, givenFile: 0, unpointed: 0, medianLines: 0 });
});

test("the dataset's gold_lines are read per file, and malformed ranges are named", () => {
  const row = { id: "r", repo: "o/n", base_commit: "c", body: "b", gold_files: ["a.py"], gold_lines: { "a.py": [[3, 4]] } };
  assert.deepEqual([...parseDataset(JSON.stringify(row))[0].goldLines], [["a.py", [[3, 4]]]]);
  assert.equal(parseDataset(JSON.stringify({ ...row, gold_lines: undefined }))[0].goldLines.size, 0);
  assert.throws(() => parseDataset(JSON.stringify({ ...row, gold_lines: { "a.py": [[3]] } })), /line 1: "gold_lines" of a\.py must be/);
});
