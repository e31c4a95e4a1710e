#!/usr/bin/env node
// The Action's entry point (action.yml runs `node dist/action/main.js`): reads the standard Actions environment and
// runs one event. No logic here; see run-action.ts.
import { randomUUID } from "node:crypto";
import { appendFileSync, readFileSync } from "node:fs";
import { ActionEnvError, parseActionEnv } from "./action-env.js";
import { runAction } from "./run-action.js";

const write = (text: string) => process.stdout.write(text);
try {
  const env = parseActionEnv(process.env);
  const version = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  // No process.exit: a dense run's background embedding may still be filling the index the cache step will save.
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
  process.exitCode = await runAction(env, write, { version, setOutput });
} catch (error) {
  if (!(error instanceof ActionEnvError)) throw error;
  write(`::error::BugScout: ${error.message}\n`);
  process.exitCode = 1;
}
