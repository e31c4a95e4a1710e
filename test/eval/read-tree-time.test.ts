import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTreeTime } from "../../src/eval/read-tree-time.js";

test("the newest top-level file time stands for the commit time; folders and deeper files do not count", () => {
  const dir = mkdtempSync(join(tmpdir(), "bugscout-tree-time-"));
  try {
    assert.equal(readTreeTime(dir), 0);
    writeFileSync(join(dir, "setup.py"), "");
    writeFileSync(join(dir, "README"), "");
    mkdirSync(join(dir, "pkg"));
    writeFileSync(join(dir, "pkg", "newer.py"), "");
    utimesSync(join(dir, "setup.py"), 1_600_000_000, 1_600_000_000);
    utimesSync(join(dir, "README"), 1_500_000_000, 1_500_000_000);
    utimesSync(join(dir, "pkg", "newer.py"), 1_700_000_000, 1_700_000_000);
    utimesSync(join(dir, "pkg"), 1_800_000_000, 1_800_000_000);
    assert.equal(readTreeTime(dir), 1_600_000_000_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
