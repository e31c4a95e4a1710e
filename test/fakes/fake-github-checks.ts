import type { WithRepo } from "./fake-github-issues.js";
import type { FakeCheckRun } from "./fake-github-state.js";

type Reply = { status: number; body?: unknown };
type Req = { readonly body: unknown };
type CheckRoute = [string, RegExp, (m: RegExpExecArray, req: Req) => Reply, "token"];

const CONCLUSIONS = ["action_required", "cancelled", "failure", "neutral", "success", "skipped", "stale", "timed_out"];
const LEVELS = ["notice", "warning", "failure"];

/**
 * `POST /repos/{owner}/{repo}/check-runs`, checked as GitHub checks it (a name and a 40-hex `head_sha`; a completed
 * run needs a conclusion; an output needs a title and a summary; at most 50 annotations, each with a path, lines, a
 * level and a message): a request GitHub would refuse gets the 422 GitHub sends. `repo.checksDenied` answers 403, as
 * for an installation that has not accepted the `checks: write` permission.
 */
export function checkRoutes(withRepo: WithRepo): CheckRoute[] {
  return [
    ["POST", /^\/repos\/([^/]+)\/([^/]+)\/check-runs$/, (m, req) => withRepo(m, req as never, (repo) => {
      if (repo.checksDenied) return { status: 403, body: { message: "Resource not accessible by integration" } };
      const body = (req.body ?? {}) as Record<string, unknown>;
      const problem = invalidCheckRun(body);
      if (problem) return { status: 422, body: { message: `Invalid request: ${problem}` } };
      const run = { ...(body as unknown as Omit<FakeCheckRun, "id">), id: 7000 + repo.checkRuns.length } as FakeCheckRun;
      repo.checkRuns.push(run);
      return { status: 201, body: run };
    }), "token"],
  ];
}

function invalidCheckRun(body: Record<string, unknown>): string | undefined {
  if (typeof body.name !== "string" || body.name === "") return "name is required";
  if (typeof body.head_sha !== "string" || !/^[0-9a-f]{40}$/.test(body.head_sha)) return "head_sha must be a commit SHA";
  if (body.status === "completed" && !CONCLUSIONS.includes(String(body.conclusion))) return "a completed check run needs a conclusion";
  const output = body.output as { title?: unknown; summary?: unknown; annotations?: unknown } | undefined;
  if (!output) return undefined;
  if (typeof output.title !== "string" || typeof output.summary !== "string") return "output needs a title and a summary";
  if (output.summary.length > 65_535) return "summary is too long";
  const annotations = (output.annotations ?? []) as Record<string, unknown>[];
  if (!Array.isArray(annotations) || annotations.length > 50) return "at most 50 annotations per request";
  for (const a of annotations) {
    if (typeof a.path !== "string" || typeof a.message !== "string" || !LEVELS.includes(String(a.annotation_level))) return "an annotation needs a path, a level and a message";
    if (!Number.isInteger(a.start_line) || !Number.isInteger(a.end_line) || (a.start_line as number) < 1) return "an annotation needs start_line and end_line";
  }
  return undefined;
}
