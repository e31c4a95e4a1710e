#!/usr/bin/env node
// The installed `bugscout` command. It always runs, unlike main.ts, which is also imported by tests and only
// runs as a script: through an npm bin link (npx, npm link, a global install) process.argv[1] is the link's
// path (…/bin/bugscout), so main.ts cannot tell it was started by comparing paths.
import { setFlagsFromString } from "node:v8";

// `rank` on a warm store is a short process: a young generation that never grows touches less fresh memory, which
// costs more than the extra scavenges where page faults are slow (django: ~45 ms of ~590, docs/benchmarks.md).
// Set before the CLI's modules load; longer commands (index, eval) keep V8's default heap settings.
if (process.argv[2] === "rank") setFlagsFromString("--semi-space-growth-factor=1");
// `index` parses each file once and exits. V8 would optimise the grammars' hottest WebAssembly functions in the
// background, and the process cannot exit before those compilations end: on a tree of many languages that is seconds
// after the work (bat: output at 3.7 s, exit at 9.3 s, 13.6 s of CPU; 2.3 s and 3.7 s without), while django and a
// 44,000-file tree index in the same time either way. Long processes (the app, `mcp`, `serve`, `eval`) keep tier-up:
// over repeated parses the optimised code is 1.45x faster (docs/benchmarks.md, seventeenth session).
if (process.argv[2] === "index") {
  setFlagsFromString("--no-wasm-tier-up");
  setFlagsFromString("--no-wasm-dynamic-tiering");
}
const { main } = await import("./main.js");
const { runProcess } = await import("./run-process.js");

await runProcess(main);
