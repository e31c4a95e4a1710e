// The index worker's entry when BugScout runs from source (tests, `npm run bugscout`): Node 20 does not apply the
// parent's `--import tsx` to a worker before loading its entry, so this plain module registers tsx, then loads the
// TypeScript entry. The built package starts dist/triage/index-worker.js directly and never loads this file.
import { register } from "tsx/esm/api";

register();
await import("./index-worker.ts");
