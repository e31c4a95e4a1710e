import { reportExtraFailure, type IsolateDeps } from "./isolate-extra.js";
import type { CommitFileReader, RepoGateway } from "./ports.js";

/** What {@link sourceMapReader} needs. */
export interface SourceMapReaderDeps extends IsolateDeps {
  readonly gateway: Pick<RepoGateway, "readFile">;
}

/**
 * The gateway's file reader for source maps, with each failed read logged and counted as a failed `source-map` extra
 * (the ranking skips that map); undefined when the gateway reads no files.
 */
export function sourceMapReader(deps: SourceMapReaderDeps, issueNumber: number): CommitFileReader | undefined {
  const read = deps.gateway.readFile?.bind(deps.gateway);
  if (!read) return undefined;
  return (commit, path, maxBytes) => read(commit, path, maxBytes).catch((err: unknown) => {
    reportExtraFailure(deps, "source-map", { issue: issueNumber }, err);
    throw err;
  });
}
