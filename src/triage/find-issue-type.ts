import { classifyIssueType } from "../issue-type/classify-issue-type.js";
import type { IssueTypeModel } from "../issue-type/issue-type-model.js";
import { shippedIssueTypeModel } from "../issue-type/shipped-model.js";
import type { IssueTemplate } from "../issue-type/template-types.js";
import type { IssueType, IssueTypeName } from "../issue-type/types.js";
import { isolateExtra, type IsolateDeps } from "./isolate-extra.js";
import { readIssueTemplates } from "./read-issue-templates.js";
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
  /** The repository's own issue templates and forms (read through `gateway`, and cached). */
  templatesFor(key: RepoKey, gateway: Pick<RepoGateway, "listIssueTemplates">, labels: Readonly<Record<string, IssueTypeName>>): Promise<readonly IssueTemplate[]>;
}

/** What {@link findIssueType} needs. */
export interface IssueTypeDeps extends IsolateDeps {
  readonly gateway: Pick<RepoGateway, "listClosedIssues" | "listIssueTemplates">;
  /** Adapted models per repository; absent: the shipped model everywhere. */
  readonly issueTypeModels?: IssueTypeModels;
}

/** The issue as the type is read from it. */
export interface IssueTypeRequest {
  readonly key: RepoKey;
  readonly issue: {
    readonly number?: number;
    readonly title: string;
    readonly body: string;
    readonly labels?: readonly string[];
    /** Its GitHub issue type's name (`Bug`, `Feature`), when one is set. */
    readonly githubType?: string;
  };
  readonly settings: Pick<Settings, "issue_types">;
}

/**
 * The kind of the issue (src/issue-type): its labels and template (the repository's own templates and forms among
 * them) first, then the classifier, adapted to the repository when `issue_types.learn` is on and its closed, labelled
 * issues could be read. A failure or a stall of either read falls back (the shipped model, the common templates only)
 * and is logged as a failed extra: the type never costs a triage.
 */
export async function findIssueType(deps: IssueTypeDeps, request: IssueTypeRequest): Promise<IssueType> {
  const { issue, settings } = request;
  const labels = settings.issue_types.labels;
  const shipped: RepoIssueTypeModel = { model: shippedIssueTypeModel(), adapted: false };
  const models = deps.issueTypeModels;
  const meta = issue.number !== undefined ? { issue: issue.number } : {};
  const [repoModel, templates] = await Promise.all([
    settings.issue_types.learn && models && deps.gateway.listClosedIssues
      ? isolateExtra(deps, "issue-types", meta, () => models.modelFor(request.key, deps.gateway, labels), shipped)
      : shipped,
    deps.gateway.listIssueTemplates
      ? isolateExtra(deps, "issue-types", meta, () => (models ? models.templatesFor(request.key, deps.gateway, labels) : readIssueTemplates(deps.gateway, labels)), [] as readonly IssueTemplate[])
      : [],
  ]);
  return classifyIssueType(
    { title: issue.title, body: issue.body, labels: issue.labels ?? [], ...(issue.githubType ? { githubType: issue.githubType } : {}) },
    { labels, model: repoModel.model, adapted: repoModel.adapted, ...(templates.length > 0 ? { templates } : {}) },
  );
}
