import type { RepoRole } from "../triage/ports.js";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";

const KNOWN_ROLES: ReadonlySet<string> = new Set(["admin", "maintain", "write", "triage", "read"]);

/**
 * The user's role in the repository from `GET /repos/{owner}/{repo}/collaborators/{username}/permission`.
 * `role_name` distinguishes triage and maintain (the legacy `permission` folds them into read and write); custom
 * roles fall back to their base permission. A user who is not a collaborator gets `none`.
 */
export async function fetchRole(client: GitHubClient, repo: RepoRef, username: string): Promise<RepoRole> {
  try {
    const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
    const roleName = (data as { role_name?: string }).role_name;
    if (roleName && KNOWN_ROLES.has(roleName)) return roleName as RepoRole;
    return KNOWN_ROLES.has(data.permission) ? (data.permission as RepoRole) : "none";
  } catch (err) {
    if (statusOf(err) === 404) return "none";
    throw err;
  }
}
