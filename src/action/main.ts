#!/usr/bin/env node
// The Action's main step (action.yml `runs.main`; dist-action/main.js once built): reads the standard Actions
// environment, restores the caches once the event is one BugScout handles, runs the event, and tells the post step
// (post.ts) what to save. No logic here; see run-action.ts and run-caches.ts.
import { randomUUID } from "node:crypto";
import { appendFileSync, readFileSync } from "node:fs";
import { checkBundledAddon } from "../bundle/sqlite-addon.js";
import { ActionEnvError, parseActionEnv } from "./action-env.js";
import { createActionLog } from "./action-log.js";
import { CACHES_STATE, planRunCaches, restoreRunCaches, type RestoredEntry } from "./run-caches.js";
import { runAction } from "./run-action.js";

/** Baked in by scripts/build-action.mjs; from source the version is read from package.json. */
declare const BUGSCOUT_VERSION: string | undefined;

const write = (text: string) => process.stdout.write(text);
try {
  const env = parseActionEnv(process.env);
  const addonProblem = checkBundledAddon();
  if (addonProblem) {
    write(`::error::BugScout: ${addonProblem}\n`);
    process.exitCode = 1;
  } else {
    const version = typeof BUGSCOUT_VERSION === "string" ? BUGSCOUT_VERSION
      : (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
    let restored: RestoredEntry[] = [];
    const log = createActionLog(write);
    const outputFile = env.outputFile;
    const setOutput = (name: string, value: string) => {
      if (!outputFile) return;
      // A value with a line break (a path may hold one) goes in GitHub's delimited form, so it cannot write another output.
      if (!/[\r\n]/.test(value)) {
        appendFileSync(outputFile, `${name}=${value}\n`);
        return;
      }
      const delimiter = `ghadelimiter_${randomUUID()}`;
      appendFileSync(outputFile, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
    };
    // No process.exit: a dense run's background embedding may still be filling the index the post step saves.
    process.exitCode = await runAction(env, write, {
      version,
      setOutput,
      beforeHandling: async () => {
        const entries = planRunCaches(env);
        // Loaded only in a workflow run: GitHub's cache client is most of the bundle's code.
        if (entries) restored = await restoreRunCaches((await import("./actions-cache.js")).createActionsCache(), entries, log);
      },
    });
    // GITHUB_STATE: the runner hands its `name=value` lines to the post step as STATE_<name>.
    if (restored.length > 0 && env.stateFile) appendFileSync(env.stateFile, `${CACHES_STATE}=${JSON.stringify({ succeeded: process.exitCode === 0, restored })}\n`);
  }
} catch (error) {
  if (!(error instanceof ActionEnvError)) throw error;
  write(`::error::BugScout: ${error.message}\n`);
  process.exitCode = 1;
}
