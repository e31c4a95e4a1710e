import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fitClassBias, fitIssueTypeModel, type TrainingExample } from "../../src/issue-type/fit-model.js";
import { hashFeatures, scoreHashed, softmax, type IssueTypeModel } from "../../src/issue-type/issue-type-model.js";

const BITS = 12;
const BUG = 0;
const QUESTION = 2;

/** A toy issue: its words as features of value 1. */
function example(words: string[], label: number, project: number): TrainingExample {
  return { x: hashFeatures(new Map(words.map((w) => [w, 1])), BITS), label, weight: 1, project };
}

/**
 * Two projects: the first has only bug reports, all saying "frob"; the second as many bug reports as questions, all
 * saying "zork". Within each, half the bug reports say "crash" and half the questions "how"; "frob" and "zork" only
 * say which project an issue comes from.
 */
function examples(): TrainingExample[] {
  const out: TrainingExample[] = [];
  for (let i = 0; i < 20; i++) out.push(example(["frob", "crash"], BUG, 0), example(["frob"], BUG, 0));
  for (let i = 0; i < 10; i++) out.push(example(["zork", "crash"], BUG, 1), example(["zork"], BUG, 1), example(["zork", "how"], QUESTION, 1), example(["zork"], QUESTION, 1));
  return out;
}

const options = { bits: BITS, l2: 1e-4, steps: 150, learningRate: 0.05 };
/** How much a word moves the question-over-bug score. */
const lift = (m: IssueTypeModel, word: string) => {
  const z = (words: string[]) => scoreHashed(m, hashFeatures(new Map(words.map((w) => [w, 1])), BITS));
  return z([word])[QUESTION] - z([word])[BUG] - (z([])[QUESTION] - z([])[BUG]);
};

describe("fitting the issue-type model", () => {
  it("with a class bias per project, the words that only say the project say much less about the kind", () => {
    const pooled = fitIssueTypeModel(examples(), options);
    const perProject = fitIssueTypeModel(examples(), { ...options, projects: 2 });
    // Pooled, "zork" leans to a question and "frob" to a bug only because of the projects' mix of kinds.
    assert.ok(lift(pooled, "zork") > 1 && lift(pooled, "frob") < -3, `${lift(pooled, "zork")} ${lift(pooled, "frob")}`);
    assert.ok(lift(perProject, "zork") < lift(pooled, "zork") / 2, `${lift(perProject, "zork")}`);
    assert.ok(lift(perProject, "frob") > lift(pooled, "frob") + 0.8, `${lift(perProject, "frob")}`);
    // The words that tell the kinds apart within a project still do, as strongly.
    assert.ok(lift(perProject, "crash") < -3 && lift(perProject, "how") > 3);
  });

  it("refits the class biases alone: the fitted probabilities then add up to each class's share", () => {
    const data = examples();
    const model = fitIssueTypeModel(data, options);
    const bias = fitClassBias(data, { ...model, bias: [model.bias[0] + 1, model.bias[1], model.bias[2] - 1, model.bias[3]] });
    const mean = (c: number) => data.reduce((s, e) => s + softmax(scoreHashed({ ...model, bias }, e.x))[c], 0) / data.length;
    assert.ok(Math.abs(mean(BUG) - 60 / 80) < 0.01, `${mean(BUG)}`);
    assert.ok(Math.abs(mean(QUESTION) - 20 / 80) < 0.01, `${mean(QUESTION)}`);
  });
});
