import type { ProbotOctokit } from "probot";
import type { OpsMetrics } from "../queue/ops-metrics.js";

/** The app's Octokit class, counting every failed GitHub request by status in the metrics (0: no answer). */
export function countGitHubErrors(Octokit: typeof ProbotOctokit, metrics: OpsMetrics): typeof ProbotOctokit {
  return Octokit.plugin((octokit) => {
    octokit.hook.error("request", (error) => {
      const status = (error as { status?: unknown }).status;
      metrics.githubErrors.inc({ status: typeof status === "number" ? String(status) : "0" });
      throw error;
    });
    return {};
  }) as unknown as typeof ProbotOctokit;
}
