import { CODEOWNERS_PATHS } from "../route/parse-codeowners.js";
import { LABELER_FILE } from "../route/parse-labeler-config.js";
import { SETTINGS_PATH } from "./load-settings.js";

/** The repository files BugScout reads as settings: its own file and the maps it names. */
export const SETTINGS_FILES: readonly string[] = [SETTINGS_PATH, LABELER_FILE, ...CODEOWNERS_PATHS];

/** Whether a push that changed `paths` changed a file BugScout reads as settings. Pure. */
export function readsSettingsFiles(paths: readonly string[]): boolean {
  return paths.some((path) => SETTINGS_FILES.includes(path));
}
