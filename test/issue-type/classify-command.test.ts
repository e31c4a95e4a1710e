import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { main } from "../../src/cli/main.js";
import { captureIo } from "../cli/capture-io.js";

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

/** A small project's labelled issues, in its own words: crashes are "bug", wishes "enhancement", how-tos "question". */
function labelled(): { title: string; body: string; label: string }[] {
  const rows: { title: string; body: string; label: string }[] = [];
  for (let i = 0; i < 30; i++) {
    rows.push({ title: `Segfault in frobnicator ${i}`, body: `Running frob ${i} crashes:\n\n\`\`\`\nSegmentation fault (core dumped)\n\`\`\``, label: "bug" });
    rows.push({ title: `Frobnicator should accept option ${i}`, body: `It would be nice if frob took --level ${i}.`, label: "enhancement" });
    rows.push({ title: `How do I frob file ${i}?`, body: "Is there a way to frob only one file? Thanks.", label: "question" });
  }
  return rows;
}

describe("bugscout classify", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bugscout-classify-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("writes one {id, type, confidence, source} line per row, in order, and reports a line that is not JSON", async () => {
    const dataset = join(dir, "issues.jsonl");
    writeFileSync(dataset, jsonl([
      { id: "a", title: "Crash on startup", body: "```\nTraceback (most recent call last):\n  File \"app.py\", line 3\nValueError: bad\n```", labels: [] },
      { id: 7, title: "Dark mode", body: "### Is your feature request related to a problem?\nNo.\n### Describe the solution you'd like\nA dark theme." },
      { id: "c", title: "Anything", body: "text", labels: ["type: docs"] },
      { id: "d" },
    ]) + "{not json\n");
    const out = join(dir, "types.jsonl");
    const { io, err } = captureIo();
    assert.equal(await main(["classify", "--dataset", dataset, "--out", out], io), 1, "a skipped line makes the exit code 1");
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: unknown; type: string; confidence: number; source: string });
    assert.deepEqual(lines.map((l) => l.id), ["a", 7, "c", "d"]);
    assert.deepEqual(lines.map((l) => [l.type, l.source]), [["bug", "model"], ["feature", "template"], ["documentation", "label"], [lines[3].type, "model"]]);
    assert.ok(lines.every((l) => l.confidence >= 0 && l.confidence <= 1));
    assert.match(err.join("\n"), /issues\.jsonl:5: not a JSON object; skipped/);
  });

  it("with --labelled adapts to the repository's own issues, and its answers say so", async () => {
    const dataset = join(dir, "new.jsonl");
    writeFileSync(dataset, jsonl([
      { id: 1, title: "Segfault in frobnicator 99", body: "Segmentation fault (core dumped)" },
      { id: 2, title: "How do I frob file 99?", body: "Is there a way? Thanks." },
      { id: 3, title: "Frobnicator should accept option 99", body: "It would be nice." },
    ]));
    const own = join(dir, "own.jsonl");
    writeFileSync(own, jsonl([...labelled(), { title: "x", body: "y", label: "wontfix" }]));
    const out = join(dir, "adapted.jsonl");
    const { io, err } = captureIo();
    assert.equal(await main(["classify", "--dataset", dataset, "--out", out, "--labelled", own], io), 0, err.join("\n"));
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; source: string });
    assert.deepEqual(lines.map((l) => [l.type, l.source]), [["bug", "repository"], ["question", "repository"], ["feature", "repository"]]);
    assert.match(err.join("\n"), /1 labelled issue\(s\) with a label that names no issue type were left out/);
  });

  it("needs --dataset and --out", async () => {
    const { io, err } = captureIo();
    assert.equal(await main(["classify", "--dataset", join(dir, "x.jsonl")], io), 2, "a usage error");
    assert.match(err.join("\n"), /classify needs --dataset <issues\.jsonl> and --out <result\.jsonl>/);
  });
});
