import type { Settings } from "../triage/settings-schema.js";
import type { ActionInputs } from "./action-env.js";

/**
 * The workflow's inputs over the repository's settings: `top-k`, `mode` and `budget-ms` replace the file's values
 * when given, and `dry-run: true` turns posting off whatever the file says. Pure.
 */
export function applyInputs(settings: Settings, inputs: ActionInputs): Settings {
  return {
    ...settings,
    ranking: {
      ...settings.ranking,
      ...(inputs.topK !== undefined ? { top_k: inputs.topK } : {}),
      ...(inputs.mode !== undefined ? { mode: inputs.mode } : {}),
      ...(inputs.budgetMs !== undefined ? { latency_budget_ms: inputs.budgetMs } : {}),
    },
    ...(inputs.dryRun ? { dry_run: true } : {}),
  };
}
