import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where the Action keeps the `/bugscout` commands it answered, so the per-repository limit spans runs. */
export function commandHistoryPath(dataDir: string): string {
  return path.join(dataDir, "state", "command-hits.json");
}

/**
 * The command times saved by earlier runs, by rate-limit key; an absent or unreadable file is an empty history (the
 * limit then starts afresh: it protects the repository from floods, it is not an access control).
 */
export async function loadCommandHistory(file: string): Promise<Record<string, number[]>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return {};
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const out: Record<string, number[]> = {};
  for (const [key, times] of Object.entries(raw)) {
    if (Array.isArray(times)) out[key] = times.filter((t): t is number => typeof t === "number" && Number.isFinite(t));
  }
  return out;
}

/** Writes the history atomically (a run killed mid-write leaves the previous file). */
export async function saveCommandHistory(file: string, hits: Readonly<Record<string, readonly number[]>>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(hits));
  await rename(temp, file);
}
