// Loads failing-analysis-worker.ts through tsx, as src/triage/index-worker-source.mjs does for the real entry.
import { register } from "tsx/esm/api";

register();
await import("./failing-analysis-worker.ts");
