import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { renderComment } from "../../src/triage/render-comment.js";
import { renderHelp } from "../../src/triage/render-help.js";
import { EXAMPLE_INPUT } from "./docs-examples.js";

const DOC = path.join(import.meta.dirname, "../../docs/commands.md");

function fenced(doc: string, marker: string): string {
  const match = new RegExp(`<!-- ${marker} -->\\n\`\`\`markdown\\n([\\s\\S]*?)\`\`\``).exec(doc);
  assert.ok(match, `docs/commands.md has a markdown block after <!-- ${marker} -->`);
  return match[1];
}

describe("docs/commands.md", () => {
  it("shows the help exactly as the app posts it", async () => {
    assert.equal(fenced(await readFile(DOC, "utf8"), "example: help"), renderHelp("collaborators"));
  });

  it("shows an example comment exactly as the app renders it", async () => {
    assert.equal(fenced(await readFile(DOC, "utf8"), "example: comment"), renderComment(EXAMPLE_INPUT));
  });
});
