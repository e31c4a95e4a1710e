import assert from "node:assert/strict";
import { test } from "node:test";
import { buildQueryTerms, DEFAULT_QUERY_WEIGHTS } from "../../src/rank/query/build-query.js";
import { parseIssue } from "../../src/rank/query/parse-issue.js";

/** A pasted JSON answer: 24 keys the repository has never seen, and `value` and `name`, which every repository has. */
const DUMP = Array.from({ length: 24 }, (_, i) => `  "customerField${String.fromCharCode(97 + i)}x": 1,`).join("\n");
const ISSUE = `Retry loses the request body\nThe retry handler sends an empty body on the second attempt.\n\n\`\`\`json\n{\n${DUMP}\n  "value": 2, "name": "x"\n}\n\`\`\`\n`;
const REPOSITORY = new Set(["retry", "handler", "request", "body", "value", "name", "sends", "empty", "second", "attempt", "loses"]);
const known = (term: string): boolean => REPOSITORY.has(term);

function weightOf(terms: ReturnType<typeof buildQueryTerms>, term: string): number {
  return terms.find((t) => t.term === term)?.weight ?? 0;
}

test("the known words of a pasted block the repository mostly does not know weigh its known share, the prose keeps its weight", () => {
  const issue = parseIssue(ISSUE);
  const off = buildQueryTerms(issue, { ...DEFAULT_QUERY_WEIGHTS, foreignBlocks: 0 }, true, [], known);
  const on = buildQueryTerms(issue, { ...DEFAULT_QUERY_WEIGHTS, foreignBlocks: 0.5 }, true, [], known);
  assert.ok(weightOf(off, "value") > 0);
  // 2 of 26 distinct words known: share 0.077, below 0.5 → the block's words keep 0.077 / 0.5 of their raw weight
  // (0.185 of it after the repeats' saturation).
  assert.ok(weightOf(on, "value") < 0.25 * weightOf(off, "value"), `${weightOf(on, "value")} vs ${weightOf(off, "value")}`);
  for (const word of ["retry", "body", "handler"]) assert.equal(weightOf(on, word), weightOf(off, word), word);
});

test("a block the repository knows, a short snippet, or no vocabulary leaves every weight as it was", () => {
  const knownBlock = `Retry loses the body\n\n\`\`\`\n${[...REPOSITORY].join(" ")} ${Array.from({ length: 12 }, (_, i) => `retry${i}`).join(" ")}\n\`\`\`\n`;
  const everyWord = (term: string): boolean => term !== "zzz";
  for (const [text, vocabulary] of [[knownBlock, everyWord], ["Retry loses the body\n\n```\nfoo.bar(value)\n```\n", known], [ISSUE, undefined]] as const) {
    const issue = parseIssue(text);
    assert.deepEqual(
      buildQueryTerms(issue, { ...DEFAULT_QUERY_WEIGHTS, foreignBlocks: 0.5 }, true, [], vocabulary),
      buildQueryTerms(issue, { ...DEFAULT_QUERY_WEIGHTS, foreignBlocks: 0 }, true, [], vocabulary),
    );
  }
});
