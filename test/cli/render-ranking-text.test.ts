import assert from "node:assert/strict";
import { test } from "node:test";
import { renderRankingText } from "../../src/cli/render-ranking-text.js";
import type { Ranking } from "../../src/rank/types.js";

test("the terminal ranking says why each file is there, the title words its path holds included", () => {
  const ranking: Ranking = {
    mode: "bm25", reason: "no embedding key", ms: 12, confidence: 0.5,
    files: [
      { path: "app/src/screens/message/MessageScreen.ts", score: 1.2, evidence: { terms: ["blank", "screen"], titleWords: ["screen", "message"] } },
      { path: "pkg/http/body.ts", score: 0.8, evidence: { terms: ["body"], package: "@acme/http", tests: { path: "pkg/http/body.test.ts" } } },
    ],
  };
  const lines = renderRankingText(ranking);
  assert.equal(lines[0], " 1. app/src/screens/message/MessageScreen.ts  (score 1.200)");
  assert.equal(lines[1], "    matched: blank, screen; its path holds screen, message from the title");
  assert.equal(lines[3], "    matched: body; in package @acme/http, named in the issue; its test pkg/http/body.test.ts matches too");
  assert.match(lines[lines.length - 1], /^mode: bm25 \(no embedding key\); 12 ms$/);
});
