/**
 * The name of an issue's GitHub issue type (`Bug`, `Feature`, `Task`: an organisation's issue types, set by a
 * maintainer or by the issue form's `type:`), as a field to spread into an issue, or nothing when none is set. The
 * field is newer than the REST and webhook types the Octokit and Probot versions here ship, so it is read
 * defensively from any issue object (REST response, webhook payload). Pure.
 */
export function githubTypeOf(issue: object): { githubType?: string } {
  const name = (issue as { type?: { name?: unknown } | null }).type?.name;
  return typeof name === "string" && name.trim() !== "" ? { githubType: name.trim().slice(0, 100) } : {};
}
