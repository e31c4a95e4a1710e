/** Zero-width joiner: placed after `@`, `#`, `www` and `:` before `//` so GitHub links no user, team, issue or URL. */
const ZWJ = "\u200d";

/** Every ASCII punctuation character that can start markdown or HTML syntax; CommonMark lets any be backslash-escaped. */
const MARKDOWN_SPECIALS = /[\\`*_{}[\]()<>#+\-.!|~&:"'=$^%;,?]/g;

/** C0/C1 control characters and bidi overrides (which can visually reorder text), dropped. */
const UNSAFE_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Escapes untrusted text (paths, issue-derived strings) for use inside markdown prose: no markdown, HTML,
 * entities, autolinks, @-mentions or #-references can come out of it, and it stays on one line.
 */
export function escapeMarkdown(text: string, maxLength = 300): string {
  const flat = clip(text.replace(UNSAFE_CHARS, "").replace(/\s+/g, " ").trim(), maxLength);
  return flat
    .replace(/:\/\//g, `:${ZWJ}//`)
    .replace(MARKDOWN_SPECIALS, (ch) => `\\${ch}`)
    .replace(/[@#]/g, (ch) => `${ch}${ZWJ}`)
    .replace(/(w)(ww)/gi, `$1${ZWJ}$2`);
}

/**
 * Wraps untrusted text in a code span: nothing inside a code span is interpreted (no HTML, links or mentions),
 * so only backticks (which would close it) and line breaks need removing.
 */
export function inlineCode(text: string, maxLength = 80): string {
  const flat = clip(text.replace(UNSAFE_CHARS, "").replace(/`/g, "'").replace(/\s+/g, " ").trim(), maxLength);
  return flat === "" ? "` `" : `\`${flat}\``;
}

function clip(text: string, maxLength: number): string {
  const chars = Array.from(text);
  return chars.length <= maxLength ? text : `${chars.slice(0, maxLength - 1).join("")}…`;
}
