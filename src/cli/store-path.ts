import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { crypto } from "../crypto-on-demand.js";

/**
 * Where the CLI keeps the index of a checkout when `--store` is not given: one SQLite file per absolute checkout
 * path under the user's cache folder, so indexing never writes into the checkout itself.
 */
export function defaultStorePath(root: string, cacheDir = join(homedir(), ".cache", "bugscout")): string {
  const key = crypto().createHash("sha256").update(resolve(root)).digest("hex").slice(0, 24);
  return join(cacheDir, `${key}.sqlite`);
}
