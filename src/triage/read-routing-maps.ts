import { buildSettingsAreaMap, EMPTY_AREA_MAP, mergeAreaMaps, type AreaMap, type MapProblem } from "../route/area-map.js";
import { CODEOWNERS_PATHS, parseCodeowners, type Codeowners } from "../route/parse-codeowners.js";
import { LABELER_FILE, parseLabelerConfig } from "../route/parse-labeler-config.js";
import type { Log } from "./ports.js";
import type { RepoFile, RoutingGateway } from "./routing-ports.js";
import type { Settings } from "./settings-schema.js";
import { summarizeError } from "./summarize-error.js";

/** The maps routing uses, read at the commit that was ranked. */
export interface RoutingMaps {
  /** `.github/labeler.yml` (when `labels.from_labeler`) with `labels.areas` over it. */
  readonly areas: AreaMap;
  /** The CODEOWNERS file GitHub would use (when `owners` is not `off`). */
  readonly codeowners?: Codeowners;
  readonly problems: readonly MapProblem[];
}

/** Routing without maps: what a failed map read leaves (no labels, no owners, no problem lines). */
export const NO_ROUTING_MAPS: RoutingMaps = { areas: EMPTY_AREA_MAP, problems: [] };

/** Largest map file read (GitHub ignores CODEOWNERS files of 3 MB or more; real ones are a few KB). */
export const MAX_MAP_BYTES = 1_000_000;

/**
 * Reads the area map and CODEOWNERS at `commit`, as the settings ask. A file that is missing is no problem; one that
 * is too large, a folder, or unreadable YAML is a problem line; a GitHub failure is logged and routing goes on
 * without that file (the comment never depends on it).
 */
export async function readRoutingMaps(
  deps: { readonly gateway: Pick<RoutingGateway, "readRepoFile">; readonly log: Log },
  settings: Pick<Settings, "labels" | "owners">,
  commit: string,
): Promise<RoutingMaps> {
  const problems: MapProblem[] = [];
  /** The file's text; `absent` only when there is no such path (GitHub then looks at the next CODEOWNERS place). */
  const read = async (path: string): Promise<string | "absent" | undefined> => {
    let file: RepoFile;
    try {
      file = await deps.gateway.readRepoFile(path, commit, MAX_MAP_BYTES);
    } catch (err) {
      deps.log.warn({ path, err: summarizeError(err) }, "map file not read: routing goes on without it");
      return undefined;
    }
    if (file.kind === "text") return file.text;
    if (file.kind === "absent") return "absent";
    if (file.kind === "too-large") problems.push({ file: path, path: "(file)", message: `larger than ${MAX_MAP_BYTES / 1_000_000} MB (${file.bytes} bytes); not read` });
    if (file.kind === "not-a-file") problems.push({ file: path, path: "(file)", message: "not a file; not read" });
    return undefined;
  };

  let areas = EMPTY_AREA_MAP;
  if (settings.labels.from_labeler) {
    const text = await read(LABELER_FILE);
    if (text !== undefined && text !== "absent") {
      const labeler = parseLabelerConfig(text);
      areas = labeler.map;
      problems.push(...labeler.problems);
      if (labeler.branchRules.length > 0) {
        deps.log.info({ labels: labeler.branchRules.slice(0, 20) }, "labeler.yml: head-branch and base-branch rules are about pull requests and are ignored for issues");
      }
    }
  }
  const own = buildSettingsAreaMap(settings.labels.areas);
  problems.push(...own.problems);
  areas = mergeAreaMaps(areas, own.map);

  let codeowners: Codeowners | undefined;
  if (settings.owners !== "off") {
    for (const path of CODEOWNERS_PATHS) {
      const text = await read(path);
      if (text === "absent") continue;
      if (text === undefined) break;
      codeowners = parseCodeowners(text, path);
      problems.push(...codeowners.problems);
      break;
    }
  }
  return { areas, ...(codeowners ? { codeowners } : {}), problems };
}
