import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { normaliseRepoPath, readRepoText } from "../../src/mcp/repo-path.js";
import { ToolInputError } from "../../src/mcp/tool-error.js";

describe("repository paths", () => {
  let work: string;
  let root: string;
  const fs = { realpath: (p: string) => realpathSync(p), readText: (p: string) => readFileSync(p, "utf8") };
  before(() => {
    work = mkdtempSync(join(tmpdir(), "bugscout-repo-path-"));
    root = join(work, "repo");
    mkdirSync(join(root, "src"), { recursive: true });
    writeFileSync(join(root, "src/a.py"), "x = 1\n");
    writeFileSync(join(work, "secret.txt"), "outside\n");
    symlinkSync(join(work, "secret.txt"), join(root, "src/link.txt"));
    symlinkSync(work, join(root, "parent"));
    symlinkSync("a.py", join(root, "src/inside-link.py"));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it("normalises relative paths", () => {
    assert.equal(normaliseRepoPath("./src//a.py"), "src/a.py");
    assert.equal(normaliseRepoPath("src/x/../a.py"), "src/a.py");
    assert.equal(normaliseRepoPath("src\\a.py"), "src/a.py");
  });

  it("refuses empty, absolute and escaping paths before touching the disk", () => {
    for (const bad of ["", "  ", "/etc/passwd", "C:\\Windows", "..", "../secret.txt", "src/../../secret.txt"]) {
      assert.throws(() => normaliseRepoPath(bad), ToolInputError, bad);
    }
  });

  it("reads a file under the root, and one through a link that stays inside", () => {
    assert.equal(readRepoText(fs, root, "src/a.py"), "x = 1\n");
    assert.equal(readRepoText(fs, root, "src/inside-link.py"), "x = 1\n");
  });

  it("refuses a symlink, file or directory, that resolves outside the root", () => {
    assert.throws(() => readRepoText(fs, root, "src/link.txt"), /resolves outside the repository/);
    assert.throws(() => readRepoText(fs, root, "parent/secret.txt"), /resolves outside the repository/);
  });

  it("says a missing file does not exist", () => {
    assert.throws(() => readRepoText(fs, root, "src/missing.py"), /does not exist/);
  });
});
