import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { buildSettingsJsonSchema, renderSettingsTable } from "./describe-settings.js";
import { parseSettings } from "../../src/triage/parse-settings.js";
import { defaultSettings } from "../../src/triage/settings-schema.js";

const DOC = path.join(import.meta.dirname, "../../docs/configuration.md");
// Run with BUGSCOUT_UPDATE_DOCS=1 to rewrite the generated sections after changing the settings schema.
const UPDATE = process.env.BUGSCOUT_UPDATE_DOCS === "1";

const SECTIONS = {
  "settings-table": () => renderSettingsTable(),
  "settings-json-schema": () => ["```json", JSON.stringify(buildSettingsJsonSchema(), null, 2), "```"].join("\n"),
};

function section(doc: string, name: string): { start: number; end: number } {
  const open = `<!-- ${name}:start -->\n`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(`\n<!-- ${name}:end -->`);
  assert.ok(start >= 0 && end > start, `docs/configuration.md has the ${name} markers`);
  return { start: start + open.length, end };
}

describe("docs/configuration.md", () => {
  it("shows the reference table and JSON Schema generated from the zod settings schema", async () => {
    let doc = await readFile(DOC, "utf8");
    for (const [name, generate] of Object.entries(SECTIONS)) {
      const { start, end } = section(doc, name);
      if (UPDATE) doc = doc.slice(0, start) + generate() + doc.slice(end);
      else assert.equal(doc.slice(start, end), generate(), `${name} is stale: run BUGSCOUT_UPDATE_DOCS=1 node --import tsx --test test/app/configuration-doc.test.ts`);
    }
    if (UPDATE) await writeFile(DOC, doc);
  });

  it("documents every key in the example file, with its default value", async () => {
    const doc = await readFile(DOC, "utf8");
    const example = /```yaml\n# \.github\/bugscout\.yml[^\n]*\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
    assert.deepEqual(parseSettings(parse(example)), { settings: defaultSettings(), problems: [] });
  });
});
