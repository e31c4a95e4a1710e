import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import type { BlobRecord } from "../../src/store/index-store.js";

/** A path for a store file in a fresh temporary directory, removed when the test ends. */
export function tempStorePath(t: TestContext, name = "index.sqlite"): string {
  const dir = mkdtempSync(join(tmpdir(), "bugscout-store-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, name);
}

/** A function symbol named `name` on lines `start`-`end`. */
export function fn(name: string, start: number, end: number): SymbolInfo {
  return { name, qualifiedName: name, kind: "function", startLine: start, endLine: end };
}

/** A small blob whose analysis bytes spell its hash, so tests can tell them apart. */
export function blob(hash: string, symbols: SymbolInfo[] = [], lineCount = 10): BlobRecord {
  return { hash, language: "python", size: lineCount * 8, lineCount, analysis: new TextEncoder().encode(`a:${hash}`),
    symbols };
}
