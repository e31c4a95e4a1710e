import type { Context } from "probot";
import { forgetInstallation } from "../triage/forget-installation.js";
import type { AppDeps } from "./app-deps.js";

/** `installation.deleted`: delete everything stored for the installation. */
export function onInstallationDeleted(deps: AppDeps) {
  return async (context: Context<"installation.deleted">): Promise<void> => {
    await forgetInstallation({ ...deps, log: context.log }, context.payload.installation.id);
  };
}

/** `installation_repositories.removed`: delete what is stored for the repositories taken out of the installation. */
export function onRepositoriesRemoved(deps: AppDeps) {
  return async (context: Context<"installation_repositories.removed">): Promise<void> => {
    const repos = context.payload.repositories_removed.map((r) => {
      const [owner = "", repo = ""] = r.full_name.split("/");
      return { owner, repo };
    });
    await forgetInstallation({ ...deps, log: context.log }, context.payload.installation.id, repos);
  };
}
