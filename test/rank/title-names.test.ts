import assert from "node:assert/strict";
import { test } from "node:test";
import { analyzeToBytes, countLines } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { parseIssue } from "../../src/rank/query/parse-issue.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { isBehaviourOnly } from "../../src/rank/signals/title-names.js";

/** A mail app: the message screen, and a big shared list view whose words match any report about opening things. */
function mailIndex() {
  const files = [
    { path: "app/src/screens/message/MessageScreen.ts", text: "export function render(state) {\n  if (!state.loaded) return null;\n  return view(state.body);\n}\n" },
    { path: "app/src/inbox/ListView.ts", text: "// Opening a row shows a blank row while the list loads.\nexport function openRow(row) {\n  showBlankScreen();\n  return open(row);\n}\n" },
    { path: "app/src/settings/Preferences.ts", text: "export const preferences = { theme: 'dark' };\n" },
  ];
  return buildLexicalIndex(files.map((f) => ({
    path: f.path, hash: `h-${f.path}`, language: "typescript" as const, lineCount: countLines(f.text), symbols: [],
    analysis: analyzeToBytes({ text: f.text, language: "typescript", symbols: [] }),
  })));
}

const ISSUE = "Blank screen when opening a message\nSince the last update, opening any message shows a blank screen for a few seconds.";

test("a behaviour-only title's words that name a folder or file lift it", () => {
  const index = mailIndex();
  assert.equal(rankLexical(index, ISSUE, { titleNames: 0 })[0].path, "app/src/inbox/ListView.ts");
  const lifted = rankLexical(index, ISSUE, { titleNames: 1 })[0];
  assert.equal(lifted.path, "app/src/screens/message/MessageScreen.ts");
  assert.deepEqual(lifted.evidence.titleWords, ["screen", "message"]);
});

test("an issue with code words is not behaviour-only, and its ranking does not change", () => {
  assert.equal(isBehaviourOnly(parseIssue(ISSUE)), true);
  const withCode = `${ISSUE}\nIt happens in \`openRow()\`.`;
  assert.equal(isBehaviourOnly(parseIssue(withCode)), false);
  assert.deepEqual(rankLexical(mailIndex(), withCode, { titleNames: 1 }), rankLexical(mailIndex(), withCode, { titleNames: 0 }));
});
