import type { TrainingExample } from "./fit-model.js";
import { extractIssueFeatures, type IssueFeatures } from "./issue-features.js";
import { hashFeatures } from "./issue-type-model.js";
import { ISSUE_TYPE_NAMES, type IssueTypeName } from "./types.js";

/** One labelled issue of a training set. */
export interface LabelledIssue {
  /** The project it comes from; features are kept only when several projects use them. */
  readonly repo: string;
  readonly title: string;
  readonly body: string;
  readonly label: IssueTypeName;
}

/** How a training set is turned into weighted examples. */
export interface TrainingSetOptions {
  readonly bits: number;
  /**
   * Word features are kept only when at least this many of the training projects use them: a project's own nouns
   * ("navbar", "dockerd") say nothing about the next project, and dropping them makes the model lean on words
   * every project shares. Shape features (`s:`) are always kept.
   */
  readonly minRepos: number;
  /** A (project, class) cell of n issues weighs n^cellPower in all (0: every cell the same; 1: every issue the same). */
  readonly cellPower: number;
}

/** Features of labelled issues, extracted once so that several fits can share them. */
export interface ExtractedIssue {
  readonly repo: string;
  readonly label: number;
  readonly features: IssueFeatures;
}

/** Extracts the features of labelled issues. Pure. */
export function extractAll(issues: readonly LabelledIssue[]): ExtractedIssue[] {
  return issues.map((i) => ({ repo: i.repo, label: ISSUE_TYPE_NAMES.indexOf(i.label), features: extractIssueFeatures(i.title, i.body) }));
}

/**
 * Weighted, hashed training examples: features used by fewer than `minRepos` projects dropped; each class weighs the
 * same in all, and within a class each project's cell weighs n^cellPower, so that no project's vocabulary and no
 * class's size dominates; each example says its project (numbered in order of appearance). Pure.
 */
export function buildTrainingExamples(issues: readonly ExtractedIssue[], options: TrainingSetOptions): TrainingExample[] {
  const repos = new Map<string, number>();
  for (const i of issues) if (!repos.has(i.repo)) repos.set(i.repo, repos.size);
  const users = new Map<string, Set<number>>();
  if (options.minRepos > 1) {
    for (const i of issues) {
      const r = repos.get(i.repo)!;
      for (const name of i.features.keys()) {
        let s = users.get(name);
        if (!s) users.set(name, (s = new Set()));
        s.add(r);
      }
    }
  }
  const keep = (name: string) => options.minRepos <= 1 || name.startsWith("s:") || (users.get(name)?.size ?? 0) >= options.minRepos;

  const cells = new Map<string, number>();
  for (const i of issues) cells.set(`${i.repo}\0${i.label}`, (cells.get(`${i.repo}\0${i.label}`) ?? 0) + 1);
  const classMass = new Array<number>(ISSUE_TYPE_NAMES.length).fill(0);
  for (const [cell, n] of cells) classMass[Number(cell.split("\0")[1])] += n ** options.cellPower;
  const present = classMass.filter((m) => m > 0).length || 1;

  return issues.map((i) => {
    const n = cells.get(`${i.repo}\0${i.label}`)!;
    const weight = (n ** options.cellPower / n / classMass[i.label]) * (issues.length / present);
    const kept: IssueFeatures = new Map();
    for (const [name, v] of i.features) if (keep(name)) kept.set(name, v);
    return { x: hashFeatures(kept, options.bits), label: i.label, weight, project: repos.get(i.repo)! };
  });
}
