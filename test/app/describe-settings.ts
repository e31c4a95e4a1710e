// Test tooling beside the docs test that uses it: generates the settings reference and JSON Schema of
// docs/configuration.md from the one zod schema. No entry point needs it at run time.
import { z } from "zod";
import { settingsSchema } from "../../src/triage/settings-schema.js";

/** A JSON Schema (draft 2020-12) node, limited to the keywords the settings schema needs. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The JSON Schema of `.github/bugscout.yml`, generated from the zod schema so the docs cannot drift.
 * Supports exactly the zod shapes the settings use and throws on any other, so a new shape is noticed.
 */
export function buildSettingsJsonSchema(): JsonSchema {
  const root = convert(settingsSchema);
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "BugScout settings (.github/bugscout.yml)",
    ...root,
    // Read by Probot's config loader before validation, so it is not part of the zod schema.
    properties: { _extends: EXTENDS, ...(root.properties as Record<string, unknown>) },
  };
}

const EXTENDS = {
  type: "string",
  description: "Inherit settings from another repository's `.github/bugscout.yml`: `repo`, `owner/repo` or `owner/repo:path.yml`. This file's keys override it.",
};

/** One row per settings key, for the reference table in docs/configuration.md. */
export interface SettingsRow {
  readonly key: string;
  readonly type: string;
  readonly defaultValue: string;
  readonly description: string;
}

/** Lists every leaf key of the settings with its type, default and description, in schema order. */
export function listSettings(): SettingsRow[] {
  const rows: SettingsRow[] = [];
  collectRows(settingsSchema, "", rows);
  return rows;
}

/** Renders `listSettings()` as a markdown table. */
export function renderSettingsTable(): string {
  const lines = ["| Key | Type | Default | Description |", "| --- | --- | --- | --- |"];
  for (const row of listSettings()) {
    lines.push(`| \`${row.key}\` | ${row.type} | \`${row.defaultValue}\` | ${row.description} |`);
  }
  return lines.join("\n");
}

function collectRows(schema: z.ZodTypeAny, prefix: string, rows: SettingsRow[]): void {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(inner.shape as z.ZodRawShape)) {
      collectRows(field, prefix ? `${prefix}.${key}` : key, rows);
    }
    return;
  }
  const node = convert(schema);
  rows.push({
    key: prefix,
    type: typeLabel(node),
    defaultValue: JSON.stringify(node.default),
    description: String(node.description ?? ""),
  });
}

function typeLabel(node: JsonSchema): string {
  if (Array.isArray(node.enum)) return node.enum.map((v) => `\`${String(v)}\``).join(" \\| ");
  if (node.type === "array") return "list of strings";
  if (node.type === "object") return "map of label to list of globs";
  const range = [node.minimum, node.maximum].every((v) => typeof v === "number") ? ` (${node.minimum}–${node.maximum})` : "";
  return `${String(node.type)}${range}`;
}

function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  return schema instanceof z.ZodDefault ? unwrap(schema._def.innerType) : schema;
}

function convert(schema: z.ZodTypeAny): Record<string, unknown> {
  const description = schema.description;
  const base = convertInner(schema);
  return description === undefined ? base : { ...base, description };
}

function convertInner(schema: z.ZodTypeAny): Record<string, unknown> {
  if (schema instanceof z.ZodDefault) {
    const inner = convert(schema._def.innerType);
    return { ...inner, default: schema.parse(undefined) };
  }
  if (schema instanceof z.ZodObject) {
    const properties: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape as z.ZodRawShape)) properties[key] = convert(field);
    const defaults = schema.safeParse({});
    return { type: "object", additionalProperties: false, properties, ...(defaults.success ? { default: defaults.data } : {}) };
  }
  if (schema instanceof z.ZodBoolean) return { type: "boolean" };
  if (schema instanceof z.ZodEnum) return { type: "string", enum: [...schema.options] };
  if (schema instanceof z.ZodString) {
    const out: Record<string, unknown> = { type: "string" };
    for (const check of schema._def.checks) {
      if (check.kind === "min") out.minLength = check.value;
      else if (check.kind === "max") out.maxLength = check.value;
      else throw new Error(`unsupported string check: ${check.kind}`);
    }
    return out;
  }
  if (schema instanceof z.ZodNumber) {
    const out: Record<string, unknown> = { type: "number" };
    for (const check of schema._def.checks) {
      if (check.kind === "int") out.type = "integer";
      else if (check.kind === "min" && check.inclusive) out.minimum = check.value;
      else if (check.kind === "max" && check.inclusive) out.maximum = check.value;
      else throw new Error(`unsupported number check: ${check.kind}`);
    }
    return out;
  }
  if (schema instanceof z.ZodArray) {
    const out: Record<string, unknown> = { type: "array", items: convert(schema.element) };
    if (schema._def.minLength) out.minItems = schema._def.minLength.value;
    if (schema._def.maxLength) out.maxItems = schema._def.maxLength.value;
    return out;
  }
  if (schema instanceof z.ZodRecord) {
    const keys = convert(schema._def.keyType) as Record<string, unknown>;
    const { type: _type, ...propertyNames } = keys;
    return { type: "object", propertyNames, additionalProperties: convert(schema._def.valueType) };
  }
  throw new Error(`unsupported zod type in settings schema: ${schema.constructor.name}`);
}
