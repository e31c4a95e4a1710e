import assert from "node:assert/strict";
import { test } from "node:test";
import type { EvalRow } from "../../src/eval/dataset.js";
import { groupRowsByTree } from "../../src/eval/group-rows.js";

const row = (id: string, repo: string, baseCommit: string): EvalRow =>
  ({ id, repo, baseCommit, body: id, goldFiles: [], lang: "python", goldLines: new Map() });

test("rows are grouped by repository (sorted) and tree, each repository's trees oldest first", () => {
  const rows = [row("1", "o/b", "c3"), row("2", "o/a", "c1"), row("3", "o/b", "c2"), row("4", "o/b", "c3"), row("5", "o/a", "c9")];
  const time: Record<string, number> = { c1: 5, c2: 1, c3: 2, c9: 0 };
  const groups = groupRowsByTree(rows, (_repo, commit) => time[commit]);
  assert.deepEqual(groups.map((g) => [g.repo, g.trees.map(([c, rs]) => [c, rs.map((r) => r.id)])]), [
    ["o/a", [["c9", ["5"]], ["c1", ["2"]]]],
    ["o/b", [["c2", ["3"]], ["c3", ["1", "4"]]]],
  ]);
});

test("without times, or with unknown ones, trees keep dataset order (unknown last)", () => {
  const rows = [row("1", "o/a", "x"), row("2", "o/a", "y"), row("3", "o/a", "z")];
  assert.deepEqual(groupRowsByTree(rows)[0].trees.map(([c]) => c), ["x", "y", "z"]);
  const time = (_repo: string, commit: string): number => {
    if (commit === "x") throw new Error("no such tree");
    return commit === "y" ? Number.NaN : 1;
  };
  assert.deepEqual(groupRowsByTree(rows, time)[0].trees.map(([c]) => c), ["z", "x", "y"]);
});
