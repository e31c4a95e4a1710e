import { classifyIssueType } from "../issue-type/classify-issue-type.js";
import type { IssueTypeModel } from "../issue-type/issue-type-model.js";
import { shippedIssueTypeModel } from "../issue-type/shipped-model.js";
import type { IssueType, IssueTypeName } from "../issue-type/types.js";
import { isolateExtra, type IsolateDeps } from "./isolate-extra.js";
import type { RepoGateway, RepoKey } from "./ports.js";
import type { Settings } from "./settings-schema.js";

/** The classifier for one repository: the shipped model, or one adapted to the repository's own labelled issues. */
export interface RepoIssueTypeModel {
  readonly model: IssueTypeModel;
  /** True when `model` was adapted to the repository (its answers then say `repository`). */
  readonly adapted: boolean;
}

/** Gives the issue-type classifier of a repository (reads its closed, labelled issues through `gateway`, and caches). */
export interface IssueTypeModels {
  modelFor(key: RepoKey, gateway: Pick<RepoGateway, "listClosedIssues">, labels: Readonly<Record<string, IssueTypeName>>): Promise<RepoIssueTypeModel>;
}

/** What {@link findIssueType} needs. */
export interface IssueTypeDeps extends IsolateDeps {
  readonly gateway: Pick<RepoGateway, "listClosedIssues">;
  /** Adapted models per repository; absent: the shipped model everywhere. */
  readonly issueTypeModels?: IssueTypeModels;
}

/** The issue as the type is read from it. */
export interface IssueTypeRequest {
  readonly key: RepoKey;
  readonly issue: { readonly number?: number; readonly title: string; readonly body: string; readonly labels?: readonly string[] };
  readonly settings: Pick<Settings, "issue_types">;
}

/**
 * The kind of the issue (src/issue-type): its labels and template first, then the classifier, adapted to the
 * repository when `issue_types.learn` is on and its closed, labelled issues could be read (a failure or a stall falls
 * back to the shipped model and is logged as a failed extra: the type never costs a triage).
 */
export async function findIssueType(deps: IssueTypeDeps, request: IssueTypeRequest): Promise<IssueType> {
  const { issue, settings } = request;
  const shipped: RepoIssueTypeModel = { model: shippedIssueTypeModel(), adapted: false };
  const models = deps.issueTypeModels;
  // A failed or stalled read of the labelled issues costs the adaptation, never the triage.
  const repoModel = settings.issue_types.learn && models && deps.gateway.listClosedIssues
    ? await isolateExtra(deps, "issue-types", issue.number !== undefined ? { issue: issue.number } : {}, () => models.modelFor(request.key, deps.gateway, settings.issue_types.labels), shipped)
    : shipped;
  return classifyIssueType(
    { title: issue.title, body: issue.body, labels: issue.labels ?? [] },
    { labels: settings.issue_types.labels, model: repoModel.model, adapted: repoModel.adapted },
  );
}
