import type { RequestedMode } from "./rank-issue.js";

/** The ranking modes a user may ask for: `rank --mode`, the Action's `mode` input, a `serve` request's mode. */
export const REQUESTED_MODES: readonly RequestedMode[] = ["auto", "bm25", "dense", "hybrid"];
