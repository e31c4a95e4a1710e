#!/usr/bin/env node
// The installed `bugscout` command. It always runs, unlike main.ts, which is also imported by tests and only
// runs as a script: through an npm bin link (npx, npm link, a global install) process.argv[1] is the link's
// path (…/bin/bugscout), so main.ts cannot tell it was started by comparing paths.
import { setFlagsFromString } from "node:v8";

// `rank` on a warm store is a short process: a young generation that never grows touches less fresh memory, which
// costs more than the extra scavenges where page faults are slow (django: ~45 ms of ~590, docs/benchmarks.md).
// Set before the CLI's modules load; longer commands (index, eval) keep V8's default.
if (process.argv[2] === "rank") setFlagsFromString("--semi-space-growth-factor=1");
const { main } = await import("./main.js");
const { runProcess } = await import("./run-process.js");

await runProcess(main);
