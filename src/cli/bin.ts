#!/usr/bin/env node
// The installed `bugscout` command. It always runs, unlike main.ts, which is also imported by tests and only
// runs as a script: through an npm bin link (npx, npm link, a global install) process.argv[1] is the link's
// path (…/bin/bugscout), so main.ts cannot tell it was started by comparing paths.
import { main } from "./main.js";
import { runProcess } from "./run-process.js";

await runProcess(main);
