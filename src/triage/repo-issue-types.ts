import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { ADAPT_DEFAULTS, adaptModel, type RepositoryExample } from "../issue-type/adapt-model.js";
import { decodeAdaptedModel, encodeAdaptedModel } from "../issue-type/adapted-model-codec.js";
import { extractIssueFeatures } from "../issue-type/issue-features.js";
import { typeFromIssue } from "../issue-type/label-types.js";
import { ISSUE_TYPE_WEIGHTS } from "../issue-type/model-weights.js";
import { shippedIssueTypeModel } from "../issue-type/shipped-model.js";
import type { IssueTemplate } from "../issue-type/template-types.js";
import type { IssueTypeName } from "../issue-type/types.js";
import { issueTypeCachePath, issueTypeModelCachePath, repoKeyString } from "./data-layout.js";
import type { IssueTypeModels, RepoIssueTypeModel } from "./find-issue-type.js";
import { readIssueTemplates } from "./read-issue-templates.js";
import type { ClosedIssue, Clock, RepoGateway, RepoKey } from "./ports.js";

/** Closed issues read from a repository at most (three pages of the issues API). */
export const MAX_LABELLED_ISSUES = 300;
/** How long the closed issues read stay fresh before they are read again. */
export const LABELLED_ISSUES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Fewer issues with a type label than this and the shipped classifier answers alone: too few to adapt to. */
export const MIN_ADAPT_EXAMPLES = 20;
/** Adapted models kept in memory (one per repository, most recently used). */
const MAX_MODELS = 64;

interface CachedIssues {
  readonly fetchedAt: number;
  readonly issues: readonly ClosedIssue[];
}

/**
 * The issue-type classifier of each repository, adapted to its closed issues that carry a type label: read through
 * the API (`listClosedIssues`, at most {@link MAX_LABELLED_ISSUES}), kept in the repository's data folder for a day
 * (so the Action's cache carries them from run to run, and uninstalling deletes them), and the adapted model kept in
 * memory until the issues or the label map change. The adapted model is kept beside the issues too, under a digest of
 * the typed issues it was fitted on and of the shipped model: a new process (the Action's next run) with the same
 * issues loads it instead of fitting again (about 3 s of CPU).
 */
export function createIssueTypeModels(options: { readonly dataDir: string; readonly clock: Clock }): IssueTypeModels {
  const models = new Map<string, { readonly fetchedAt: number; readonly labelsKey: string; readonly model: RepoIssueTypeModel }>();
  const templates = new Map<string, { readonly fetchedAt: number; readonly labelsKey: string; readonly templates: readonly IssueTemplate[] }>();
  return {
    async templatesFor(key: RepoKey, gateway: Pick<RepoGateway, "listIssueTemplates">, labels: Readonly<Record<string, IssueTypeName>>) {
      // Templates change rarely: read once a day per repository, as the labelled issues are.
      const id = repoKeyString(key);
      const labelsKey = JSON.stringify(labels);
      const now = options.clock.now();
      const memo = templates.get(id);
      if (memo && memo.labelsKey === labelsKey && memo.fetchedAt <= now && now - memo.fetchedAt < LABELLED_ISSUES_MAX_AGE_MS) return memo.templates;
      const read = await readIssueTemplates(gateway, labels);
      remember(templates, id, { fetchedAt: now, labelsKey, templates: read });
      return read;
    },
    async modelFor(key: RepoKey, gateway: Pick<RepoGateway, "listClosedIssues">, labels: Readonly<Record<string, IssueTypeName>>) {
      const cached = await readCached(options, key, gateway);
      const id = repoKeyString(key);
      const labelsKey = JSON.stringify(labels);
      const memo = models.get(id);
      if (memo && memo.fetchedAt === cached.fetchedAt && memo.labelsKey === labelsKey) return memo.model;
      const model = await loadOrAdapt(issueTypeModelCachePath(options.dataDir, key), cached.issues, labels);
      remember(models, id, { fetchedAt: cached.fetchedAt, labelsKey, model });
      return model;
    },
  };
}

/** Keeps `value` as the most recently used entry of `memo`, dropping the least recently used past {@link MAX_MODELS}. */
function remember<V>(memo: Map<string, V>, id: string, value: V): void {
  memo.delete(id);
  memo.set(id, value);
  if (memo.size > MAX_MODELS) memo.delete(memo.keys().next().value!);
}

interface TypedIssue {
  readonly title: string;
  readonly body: string;
  readonly type: IssueTypeName;
}

/**
 * The issues whose GitHub issue type or labels name a type (the repository's own map first), or undefined when too
 * few do to adapt to.
 */
function typedIssues(issues: readonly ClosedIssue[], labels: Readonly<Record<string, IssueTypeName>>): TypedIssue[] | undefined {
  const typed: TypedIssue[] = [];
  for (const issue of issues) {
    const type = typeFromIssue(issue, labels);
    if (type) typed.push({ title: issue.title, body: issue.body, type });
  }
  return typed.length < MIN_ADAPT_EXAMPLES || new Set(typed.map((t) => t.type)).size < 2 ? undefined : typed;
}

function examplesOf(typed: readonly TypedIssue[]): RepositoryExample[] {
  return typed.map((t) => ({ features: extractIssueFeatures(t.title, t.body), label: t.type }));
}

/**
 * The shipped model adapted to the closed issues whose labels name a type; the shipped model as is when fewer than
 * {@link MIN_ADAPT_EXAMPLES} do or they name fewer than two types. A model adapted to the same typed issues from the
 * same shipped model and kept at `file` is loaded instead of fitted again; a new fit is written there (whole, then
 * renamed). A missing, stale or damaged file means a fit, never a failure; a failed write only costs the next run
 * the fit.
 */
async function loadOrAdapt(file: string, issues: readonly ClosedIssue[], labels: Readonly<Record<string, IssueTypeName>>): Promise<RepoIssueTypeModel> {
  const typed = typedIssues(issues, labels);
  const shipped = shippedIssueTypeModel();
  if (!typed) return { model: shipped, adapted: false };
  const digest = createHash("sha256")
    .update(JSON.stringify({ shipped: ISSUE_TYPE_WEIGHTS, adapt: ADAPT_DEFAULTS, typed: typed.map((t) => [t.title, t.body, t.type]) }))
    .digest("hex");
  const stored = await readFile(file, "utf8")
    .then((text) => JSON.parse(text) as { digest?: unknown; model?: unknown } | null)
    .catch(() => undefined);
  const loaded = stored?.digest === digest ? decodeAdaptedModel(shipped, stored.model) : undefined;
  if (loaded) return { model: loaded, adapted: true };
  const model = adaptModel(shipped, examplesOf(typed));
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(`${file}.tmp`, JSON.stringify({ digest, model: encodeAdaptedModel(shipped, model) })))
    .then(() => rename(`${file}.tmp`, file))
    .catch(() => undefined);
  return { model, adapted: true };
}

async function readCached(options: { readonly dataDir: string; readonly clock: Clock }, key: RepoKey, gateway: Pick<RepoGateway, "listClosedIssues">): Promise<CachedIssues> {
  const file = issueTypeCachePath(options.dataDir, key);
  const now = options.clock.now();
  const stored = await readFile(file, "utf8").then(parseCached, () => undefined);
  if (stored && now - stored.fetchedAt < LABELLED_ISSUES_MAX_AGE_MS && stored.fetchedAt <= now) return stored;
  if (!gateway.listClosedIssues) return stored ?? { fetchedAt: 0, issues: [] };
  const fresh: CachedIssues = { fetchedAt: now, issues: await gateway.listClosedIssues(MAX_LABELLED_ISSUES) };
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole, then renamed: a reader never sees half a file.
  await writeFile(`${file}.tmp`, JSON.stringify(fresh));
  await rename(`${file}.tmp`, file);
  return fresh;
}

/** A cache file's content, or undefined when it is not one (then the issues are read again). */
function parseCached(text: string): CachedIssues | undefined {
  try {
    const raw = JSON.parse(text) as { fetchedAt?: unknown; issues?: unknown };
    if (typeof raw.fetchedAt !== "number" || !Array.isArray(raw.issues)) return undefined;
    const issues = raw.issues.filter((i): i is ClosedIssue =>
      typeof i === "object" && i !== null && typeof i.title === "string" && typeof i.body === "string" && Array.isArray(i.labels) && i.labels.every((l: unknown) => typeof l === "string"));
    return { fetchedAt: raw.fetchedAt, issues: issues.slice(0, MAX_LABELLED_ISSUES) };
  } catch {
    return undefined;
  }
}
