import { z } from "zod";
import { ISSUE_TYPE_NAMES, type IssueTypeName } from "../issue-type/types.js";

/** How many items a settings list may hold; longer lists are a settings problem, not a slow request. */
const MAX_LIST_ITEMS = 50;

const labelList = z
  .array(z.string().min(1).max(100))
  .max(MAX_LIST_ITEMS);

const pathList = z
  .array(z.string().min(1).max(200))
  .max(MAX_LIST_ITEMS);

const triggerSchema = z
  .object({
    on_open: z.boolean().default(true).describe("Comment when an issue is opened."),
    labels: labelList
      .default([])
      .describe("Also comment when one of these labels is added to an issue (useful with `on_open: false`)."),
    types: z
      .array(z.enum(ISSUE_TYPE_NAMES as [IssueTypeName, ...IssueTypeName[]]))
      .max(ISSUE_TYPE_NAMES.length)
      .default(["bug"])
      .describe("The kinds of issue BugScout answers by itself: `bug`, `feature`, `question`, `documentation`. The issue's GitHub issue type or type label wins, then its template (and the kind chosen in its form), then BugScout's classifier. A `/bugscout` command and a `labels` trigger answer any kind."),
    other_types_confidence: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe("An issue whose kind `trigger.types` does not list is still answered by itself when it names the first file (its path, a stack frame in it, or a name it defines) and the confidence is at least this, unless a type label says its kind: a report that names the code it is about is answered whatever the classifier reads in its words (`1` turns this off). The default is measured (docs/ranking.md, \"When BugScout speaks\")."),
    ignore_labels: labelList
      .default([])
      .describe("Never comment automatically on an issue carrying one of these labels."),
    ignore_bots: z.boolean().default(true).describe("Ignore issues opened by bots."),
    on_edit: z
      .boolean()
      .default(true)
      .describe("Rank again when an issue's title or body is edited, and edit the comment in place (only issues BugScout would comment on by itself)."),
  })
  .describe("When BugScout comments without being asked.");

const rankingSchema = z
  .object({
    mode: z
      .enum(["auto", "bm25", "dense", "hybrid"])
      .default("auto")
      .describe("Ranking mode. `auto` picks the best mode that fits the latency budget."),
    top_k: z.number().int().min(1).max(20).default(5).describe("Most files listed."),
    min_relative_score: z
      .number()
      .min(0)
      .max(1)
      .default(0.4)
      .describe("List a file only while its score is at least this share (0 to 1) of the first file's: a clear lead shows few files, a vague report several (at most `top_k`); 0 always lists `top_k`. `/bugscout top=N` lists N. The default is measured (docs/benchmarks.md, \"Files shown\")."),
    min_confidence: z
      .number()
      .min(0)
      .max(1)
      .default(0.15)
      .describe("Below this confidence (the probability, 0 to 1, that the first file is one the fix changes; see docs/ranking.md, \"Confidence\") BugScout says so briefly or stays silent (see `comment.below_confidence`); the default is measured (with `trigger.types` holding back the kinds of issue not answered, see docs/ranking.md, \"When BugScout speaks\")."),
    latency_budget_ms: z
      .number()
      .int()
      .min(100)
      .max(60000)
      .default(5000)
      .describe("Time budget for one ranking, in milliseconds; slower modes are skipped when they would not fit."),
    history_weight: z
      .number()
      .min(0)
      .max(1)
      .default(0.1)
      .describe("Share of the score (0 to 1) given to files fixed for similar past issues of this repository (learned from merged pull requests); 0 turns the signal off. See docs/ranking.md."),
  })
  .describe("How files are ranked.");

const pathsSchema = z
  .object({
    include: pathList.default([]).describe("Only rank files under these directories (POSIX paths from the repository root). Empty means everywhere."),
    exclude: pathList.default([]).describe("Never rank files under these directories."),
  })
  .describe("Which parts of the repository may be suggested.");

const commentSchema = z
  .object({
    show_scores: z.boolean().default(false).describe("Show each file's score."),
    show_symbols: z.boolean().default(true).describe("Name the best-matching symbol of each file."),
    collapsed: z.boolean().default(false).describe("Put the file list inside a collapsed `<details>` block."),
    header: z.string().max(1000).default("").describe("Markdown shown above the file list."),
    footer: z.string().max(1000).default("").describe("Markdown shown below the file list."),
    show_details: z
      .boolean()
      .default(true)
      .describe("Add the operator's details (mode and why, confidence, timing, commit) in a collapsed `<details>` block at the end; `false` leaves them out. Settings problems are never in the comment (see \"When the file has problems\")."),
    show_accuracy: z
      .boolean()
      .default(false)
      .describe("Add one line with BugScout's measured accuracy on this repository (see `/bugscout stats`), once at least 10 fixed issues were scored."),
    below_confidence: z
      .enum(["silent", "brief"])
      .default("silent")
      .describe("Below `ranking.min_confidence`: post nothing (`silent`; the ranking is still recorded) or a one-line note (`brief`). A `/bugscout` command always answers."),
  })
  .describe("What the comment looks like.");

const labelsSchema = z
  .object({
    from_labeler: z
      .boolean()
      .default(true)
      .describe("Read the area map from `.github/labeler.yml` (actions/labeler v4 or v5 format)."),
    areas: z
      .record(z.string().min(1).max(100), pathList)
      .default({})
      .describe("Area map `label: [globs]` (a glob ending in `/` is a whole folder, `!glob` excludes); entries replace the labeler's of the same label."),
    min_confidence: z
      .number()
      .min(0)
      .max(1)
      .default(0.15)
      .describe("Add an area label (or assign owners, with `owners: assign`) only at this confidence (0 to 1) or above; the default is measured (see \"Labels, owners and edits\")."),
    max: z.number().int().min(0).max(10).default(1).describe("Most area labels added to one issue; 0 adds none."),
  })
  .describe("Area labels from the files that lead the ranking.");

const commandsSchema = z
  .object({
    enabled: z.boolean().default(true).describe("Accept `/bugscout` commands in issue comments."),
    allow: z
      .enum(["maintainers", "collaborators", "author"])
      .default("collaborators")
      .describe("Who may run commands: `maintainers` (write, maintain, admin), `collaborators` (also triage), `author` (also the issue's author)."),
  })
  .describe("Slash commands.");

const issueTypesSchema = z
  .object({
    labels: z
      .record(z.string().min(1).max(100), z.enum(["bug", "feature", "question", "documentation"]))
      .default({})
      .describe("The repository's own type labels, `label: bug | feature | question | documentation`, over the default names (`bug`, `type: bug`, `kind/bug`, `defect`, `regression`, `enhancement`, `feature request`, `question`, `support`, `documentation`, `docs`, …; docs/issue-type.md)."),
    learn: z
      .boolean()
      .default(true)
      .describe("Adapt the shipped issue-type classifier to this repository's own closed issues that carry a type label (the most recent 300, read through the API and cached for a day)."),
  })
  .describe("What kind of issue it is: bug report, feature request, question or documentation (docs/issue-type.md).");

/**
 * The one schema for `.github/bugscout.yml`: the TypeScript type, the defaults and (through
 * `buildSettingsJsonSchema`) the JSON Schema in docs/configuration.md all come from here.
 */
export const settingsSchema = z.object({
  enabled: z.boolean().default(true).describe("Set to `false` (or `no`, `off`) to turn BugScout off for this repository. A value BugScout does not understand stops it too."),
  trigger: triggerSchema.default({}),
  ranking: rankingSchema.default({}),
  paths: pathsSchema.default({}),
  comment: commentSchema.default({}),
  commands: commandsSchema.default({}),
  labels: labelsSchema.default({}),
  issue_types: issueTypesSchema.default({}),
  owners: z
    .enum(["show", "mention", "assign", "off"])
    .default("show")
    .describe("Code owners (CODEOWNERS) of the first file, the one most likely to change: named in code spans (`show`), @-mentioned (`mention`), also assigned when they can be (`assign`), or left out (`off`)."),
  max_owners: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(2)
    .describe("Most code owners named (or assigned, with `owners: assign`), in the order CODEOWNERS lists them; GitHub assigns at most 10."),
  dry_run: z.boolean().default(false).describe("Log the comment instead of posting it. A value BugScout does not understand stops it."),
});

/** Validated repository settings. */
export type Settings = z.infer<typeof settingsSchema>;

/** The file name under `.github/` that Probot's config loader reads. */
export const SETTINGS_FILE = "bugscout.yml";

/** Settings used when the repository has no settings file. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}
