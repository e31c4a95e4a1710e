import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { indexTree } from "../../src/index/index-tree.js";
import type { SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { IndexStore } from "../../src/store/index-store.js";

/** Topics of the generated modules; each file's identifiers come from its topic, so dense search can tell them apart. */
const TOPICS = ["invoice", "shipment", "customer", "warehouse", "payment", "discount", "catalog", "review", "session", "report"];

/** One generated Python module: a class with two methods and a function, all named after its topic. */
export function moduleSource(i: number, variant = 0): string {
  const t = TOPICS[i % TOPICS.length];
  const T = t[0].toUpperCase() + t.slice(1);
  return `"""The ${t} module number ${i}."""
import logging

log = logging.getLogger(__name__)


class ${T}Manager${i}:
    """Creates and stores ${t} records."""

    def create_${t}(self, data):
        record = {"${t}": data, "n": ${i}}
        return record

    def save_${t}(self, record):
        log.info("saving ${t} %s", record)
        return ${variant}


def find_${t}_by_id(${t}_id):
    return [${t}_id, ${i}]
`;
}

/** Writes `count` modules to a fresh temp directory and returns it. */
export function writeFixtureRepo(count: number): string {
  const root = mkdtempSync(join(tmpdir(), "bugscout-dense-"));
  for (let i = 0; i < count; i++) writeModule(root, i, 0);
  return root;
}

/** (Re)writes module `i` with the given variant of its `save_*` method body. */
export function writeModule(root: string, i: number, variant: number): void {
  const path = join(root, `shop/${TOPICS[i % TOPICS.length]}/m${i}.py`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, moduleSource(i, variant));
}

/** Indexes `root` into `store` with real symbols; the lexical analysis is irrelevant here and left empty. */
export async function indexFixture(root: string, store: IndexStore, extractor: SymbolExtractor): Promise<void> {
  await indexTree({ root, store, extractor, analyze: () => new Uint8Array(0) });
}
