import assert from "node:assert/strict";
import { test } from "node:test";
import type { IssueType } from "../../src/issue-type/types.js";
import { decideComment, describeDecision } from "../../src/triage/decide-comment.js";
import { defaultSettings, settingsSchema } from "../../src/triage/settings-schema.js";

const settings = defaultSettings();
const bug: IssueType = { type: "bug", confidence: 0.9, source: "model" };
const feature: IssueType = { type: "feature", confidence: 1, source: "label" };
const question: IssueType = { type: "question", confidence: 0.8, source: "template" };
const base = { settings, confidence: 0.6, files: 5, requested: false, labels: [] as string[] };

test("a bug report above the floor is answered; below it, or with nothing ranked, it is not", () => {
  assert.deepEqual(decideComment({ ...base, issueType: bug }), {
    comment: true, gate: "answered", reason: "a bug report (classifier, 0.90): confidence 0.60, floor 0.15",
  });
  assert.deepEqual(decideComment({ ...base, issueType: bug, confidence: 0.1 }), {
    comment: false, gate: "confidence", reason: "a bug report (classifier, 0.90): confidence 0.10, floor 0.15, below the floor",
  });
  assert.equal(decideComment({ ...base, issueType: bug, files: 0 }).gate, "nothing");
  assert.equal(decideComment({ ...base, issueType: bug, confidence: Number.NaN }).comment, false);
});

test("a kind a type label says the repository does not answer stays quiet however sure the ranking, unless trigger.types has it", () => {
  assert.deepEqual(decideComment({ ...base, issueType: feature, confidence: 0.99 }), {
    comment: false, gate: "type", reason: "a feature request (its label): trigger.types answers bug reports by itself",
  });
  assert.equal(decideComment({ ...base, issueType: question, confidence: 0.3 }).gate, "type");
  const both = settingsSchema.parse({ trigger: { types: ["bug", "feature"] } });
  assert.equal(decideComment({ ...base, settings: both, issueType: feature }).comment, true);
  assert.equal(decideComment({ ...base, settings: both, issueType: question, confidence: 0.3 }).comment, false);
  const none = settingsSchema.parse({ trigger: { types: [] } });
  assert.match(decideComment({ ...base, settings: none, issueType: bug, confidence: 0.3 }).reason, /answers no type by itself, other kinds when they name the first file at confidence 0.50 \(this one 0.30, names none\)$/);
});

test("a maintainer's /bugscout always ranks; a trigger label answers any kind, still above the floor", () => {
  const asked = decideComment({ ...base, issueType: feature, confidence: 0.1, requested: true });
  assert.deepEqual([asked.comment, asked.gate], [true, "requested"]);
  assert.match(describeDecision(asked), /^a maintainer's \/bugscout gets this comment: /);
  const labelled = settingsSchema.parse({ trigger: { labels: ["needs-triage"] } });
  assert.deepEqual(decideComment({ ...base, settings: labelled, issueType: feature, labels: ["Needs-Triage"] }), {
    comment: true, gate: "answered", reason: "a feature request (its label), labelled Needs-Triage: confidence 0.60, floor 0.15",
  });
  assert.equal(decideComment({ ...base, settings: labelled, issueType: feature, labels: ["needs-triage"], confidence: 0.1 }).gate, "confidence");
});

test("an issue of unknown type is held back by the confidence alone", () => {
  assert.deepEqual(decideComment(base), { comment: true, gate: "answered", reason: "an issue of unknown type: confidence 0.60, floor 0.15" });
  assert.match(describeDecision(decideComment({ ...base, confidence: 0.1 })), /^the App would not post this by itself \(.*\); a maintainer's \/bugscout gets it$/);
});

test("a kind read from the text (classifier, template) that trigger.types does not list is answered when it names the first file and the ranking is sure", () => {
  const guessed: IssueType = { type: "feature", confidence: 0.7, source: "model" };
  const named = { ...base, issueType: guessed, namesFirstFile: true };
  assert.deepEqual(decideComment({ ...named, confidence: 0.45 }), {
    comment: false, gate: "type",
    reason: "a feature request (classifier, 0.70): trigger.types answers bug reports by itself, other kinds when they name the first file at confidence 0.50 (this one 0.45)",
  });
  assert.deepEqual(decideComment({ ...named, confidence: 0.5 }), {
    comment: true, gate: "answered",
    reason: "a feature request (classifier, 0.70) naming the first file: confidence 0.50, floor 0.15, at least 0.50 (trigger.other_types_confidence), answered whatever its kind",
  });
  // However sure the ranking, an issue that does not name the file (a prose question on a small tree) is held back.
  assert.deepEqual(decideComment({ ...base, issueType: question, confidence: 0.9 }), {
    comment: false, gate: "type",
    reason: "a question (its template): trigger.types answers bug reports by itself, other kinds when they name the first file at confidence 0.50 (this one 0.90, names none)",
  });
  assert.equal(decideComment({ ...base, issueType: question, confidence: 0.9, namesFirstFile: true }).gate, "answered");
  // A type label is the repository's own word: no ranking overrides it.
  assert.equal(decideComment({ ...base, issueType: feature, confidence: 0.9, namesFirstFile: true }).gate, "type");
  // 1 turns it off, even for a ranking rated 1.
  const off = settingsSchema.parse({ trigger: { other_types_confidence: 1 } });
  assert.deepEqual(decideComment({ ...named, settings: off, confidence: 1 }), {
    comment: false, gate: "type", reason: "a feature request (classifier, 0.70): trigger.types answers bug reports by itself",
  });
  assert.equal(settingsSchema.safeParse({ trigger: { other_types_confidence: 1.5 } }).success, false);
});

test("trigger.types takes only the four kinds", () => {
  assert.deepEqual(defaultSettings().trigger.types, ["bug"]);
  assert.equal(settingsSchema.safeParse({ trigger: { types: ["bugs"] } }).success, false);
});
