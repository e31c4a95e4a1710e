import { classifyIssueType } from "../issue-type/classify-issue-type.js";
import type { IssueTypeModel } from "../issue-type/issue-type-model.js";
import { shippedIssueTypeModel } from "../issue-type/shipped-model.js";
import type { IssueType } from "../issue-type/types.js";
import type { Log, RepoKey } from "./ports.js";
import type { Settings } from "./settings-schema.js";
import { summarizeError } from "./summarize-error.js";

/** The classifier for one repository: the shipped model, or one adapted to the repository's own labelled issues. */
export interface RepoIssueTypeModel {
  readonly model: IssueTypeModel;
  /** True when `model` was adapted to the repository (its answers then say `repository`). */
  readonly adapted: boolean;
}

/** Gives the issue-type classifier of a repository (reads and caches its labelled issues). */
export interface IssueTypeModels {
  modelFor(key: RepoKey): Promise<RepoIssueTypeModel>;
}

/** What {@link findIssueType} needs. */
export interface IssueTypeDeps {
  readonly log: Log;
  /** Adapted models per repository; absent: the shipped model everywhere. */
  readonly issueTypeModels?: IssueTypeModels;
}

/** The issue as the type is read from it. */
export interface IssueTypeRequest {
  readonly key: RepoKey;
  readonly issue: { readonly title: string; readonly body: string; readonly labels?: readonly string[] };
  readonly settings: Pick<Settings, "issue_types">;
}

/**
 * The kind of the issue (src/issue-type): its labels and template first, then the classifier, adapted to the
 * repository when `issue_types.learn` is on and its labelled issues could be read (a failure falls back to the
 * shipped model and is logged: the type never holds a triage back).
 */
export async function findIssueType(deps: IssueTypeDeps, request: IssueTypeRequest): Promise<IssueType> {
  const { issue, settings } = request;
  let repoModel: RepoIssueTypeModel = { model: shippedIssueTypeModel(), adapted: false };
  if (settings.issue_types.learn && deps.issueTypeModels) {
    try {
      repoModel = await deps.issueTypeModels.modelFor(request.key);
    } catch (err) {
      deps.log.warn({ err: summarizeError(err) }, "repository's labelled issues not read: the shipped issue-type model answers");
    }
  }
  return classifyIssueType(
    { title: issue.title, body: issue.body, labels: issue.labels ?? [] },
    { labels: settings.issue_types.labels, model: repoModel.model, adapted: repoModel.adapted },
  );
}
