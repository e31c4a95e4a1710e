// Preloaded with `node --import` (through NODE_OPTIONS): records the URL of every module the process imports, one per
// line, into the file named by BUGSCOUT_MODULE_LOG. The same file serves as the resolve hook, which Node runs on a
// separate thread.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.BUGSCOUT_MODULE_LOG) appendFileSync(process.env.BUGSCOUT_MODULE_LOG, `${resolved.url}\n`);
  return resolved;
}
