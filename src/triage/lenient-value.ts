import { z } from "zod";

/** How a clamp note starts: a number read as the nearest value in range is a note, never a safety problem. */
export const CLAMP_NOTE = "out of range";

/**
 * YAML 1.1's boolean spellings (https://yaml.org/type/bool.html). YAML 1.2, which the parser follows, reads them as
 * strings; people write them because older tools (and GitHub's own workflow files) took them as booleans.
 */
const YAML11_BOOLEANS: ReadonlyMap<string, boolean> = new Map(
  [["y", true], ["yes", true], ["on", true], ["true", true], ["n", false], ["no", false], ["off", false], ["false", false]]
    .flatMap(([word, value]) => {
      const text = word as string;
      return [text, text[0].toUpperCase() + text.slice(1), text.toUpperCase()].map((spelling) => [spelling, value as boolean] as const);
    }),
);

/** A value as the schema field will read it, and a note when a number was moved into range. */
export interface LenientValue {
  readonly value: unknown;
  readonly note?: string;
}

/**
 * Reads a raw settings value where its intent is plain, driven by the field's zod type alone (so every key, present
 * or added later, gets it): a YAML 1.1 boolean word or the string `"true"`/`"false"` where a boolean is expected; a
 * string where a list of strings is expected (a one-item list); a number outside the field's range (the nearest
 * bound, with a note). Anything else is returned as it is, for the schema to accept or name as a problem. Pure.
 */
export function readLeniently(schema: z.ZodTypeAny, value: unknown): LenientValue {
  const type = unwrap(schema);
  if (value === undefined || value === null) return { value };
  if (type instanceof z.ZodBoolean && typeof value === "string") {
    const read = YAML11_BOOLEANS.get(value.trim());
    return { value: read ?? value };
  }
  if (type instanceof z.ZodNumber && typeof value === "number" && Number.isFinite(value)) return clamp(type, value);
  if (type instanceof z.ZodArray) {
    const element = type.element as z.ZodTypeAny;
    if (typeof value === "string" && acceptsString(element)) return { value: [value] };
    if (!Array.isArray(value)) return { value };
    return collect(value.map((item) => readLeniently(element, item)), (items) => items);
  }
  if (type instanceof z.ZodRecord && isPlainObject(value)) {
    const valueSchema = type.valueSchema as z.ZodTypeAny;
    const entries = Object.entries(value);
    return collect(entries.map(([, v]) => readLeniently(valueSchema, v)), (values) => Object.fromEntries(entries.map(([k], i) => [k, values[i]])));
  }
  if (type instanceof z.ZodObject && isPlainObject(value)) {
    const shape = type.shape as Record<string, z.ZodTypeAny>;
    const entries = Object.entries(value);
    return collect(entries.map(([k, v]) => (k in shape ? readLeniently(shape[k], v) : { value: v })), (values) => Object.fromEntries(entries.map(([k], i) => [k, values[i]])));
  }
  return { value };
}

function clamp(type: z.ZodNumber, value: number): LenientValue {
  const min = type.minValue;
  const max = type.maxValue;
  const bounded = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, value));
  if (bounded === value) return { value };
  const range = min !== null && max !== null ? `${min} to ${max}` : min !== null ? `at least ${min}` : `at most ${max}`;
  return { value: bounded, note: `${CLAMP_NOTE} (${range}): ${value} is read as ${bounded}` };
}

function collect(items: readonly LenientValue[], build: (values: unknown[]) => unknown): LenientValue {
  const note = items.find((i) => i.note !== undefined)?.note;
  return { value: build(items.map((i) => i.value)), ...(note ? { note } : {}) };
}

/** The type inside defaults, optionals, nullables and refinements. */
function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  let type = schema;
  for (;;) {
    if (type instanceof z.ZodDefault) type = type._def.innerType as z.ZodTypeAny;
    else if (type instanceof z.ZodOptional || type instanceof z.ZodNullable) type = type.unwrap() as z.ZodTypeAny;
    else if (type instanceof z.ZodEffects) type = type.innerType() as z.ZodTypeAny;
    else return type;
  }
}

function acceptsString(schema: z.ZodTypeAny): boolean {
  const type = unwrap(schema);
  return type instanceof z.ZodString || type instanceof z.ZodEnum || type instanceof z.ZodLiteral && typeof type.value === "string";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
