// Preloaded with `node --import` (through NODE_OPTIONS): records the URL of every module the process imports, one per
// line, into the file named by BUGSCOUT_MODULE_LOG, and at exit Node's own modules the process loaded, required or
// imported (`builtin:crypto`). The same file serves as the resolve hook, which Node runs on a separate thread.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  register(import.meta.url);
  process.on("exit", () => {
    if (!process.env.BUGSCOUT_MODULE_LOG) return;
    const builtins = process.moduleLoadList.filter((m) => /^NativeModule [a-z_]+$/.test(m)).map((m) => `builtin:${m.slice(13)}`);
    appendFileSync(process.env.BUGSCOUT_MODULE_LOG, `${builtins.join("\n")}\n`);
  });
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.BUGSCOUT_MODULE_LOG) appendFileSync(process.env.BUGSCOUT_MODULE_LOG, `${resolved.url}\n`);
  return resolved;
}
