/** The grammars a component's `<script>` may be written for. */
export type ScriptLanguage = "javascript" | "typescript" | "tsx";

/** The script of a single-file component (`.vue`, `.svelte`), laid out on the component's own lines. */
export interface ComponentScript {
  /**
   * The component's text with every character outside its `<script>` blocks blanked to a space and every newline
   * kept: the script code sits on its original lines and columns, so a parse of it reports the component's lines.
   */
  readonly text: string;
  /** `typescript` when a block says `lang="ts"`, `tsx` for `lang="tsx"`, otherwise `javascript`. */
  readonly language: ScriptLanguage;
}

/**
 * A `<script …>…</script>` block, or an HTML comment: a commented-out block is not code. Vue's and Svelte's
 * compilers find top-level blocks the same way (a tag, its attributes, the text up to the first closing tag).
 */
const BLOCK = /<!--[\s\S]*?-->|<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LANG = /\blang\s*=\s*["']?([\w-]+)/i;

/**
 * The script of a component, or undefined when it has none (a template-only component). Looks at the text only,
 * never at a path: the symbols are stored by content hash. Both a Vue component's `<script>` and `<script setup>`
 * (or Svelte's `<script context="module">` and instance script) are kept, in one text.
 */
export function componentScript(text: string): ComponentScript | undefined {
  const pieces: string[] = [];
  let language: ScriptLanguage = "javascript";
  let kept = 0;
  let found = false;
  for (const m of text.matchAll(BLOCK)) {
    if (m[2] === undefined) continue;
    found = true;
    const codeStart = m.index + m[0].length - m[2].length - closingTagLength(m[0]);
    pieces.push(blank(text.slice(kept, codeStart)), m[2]);
    kept = codeStart + m[2].length;
    const lang = LANG.exec(m[1] ?? "")?.[1]?.toLowerCase();
    if (lang === "tsx") language = "tsx";
    else if ((lang === "ts" || lang === "typescript") && language === "javascript") language = "typescript";
  }
  if (!found) return undefined;
  pieces.push(blank(text.slice(kept)));
  return { text: pieces.join(""), language };
}

/** The length of the `</script …>` that ends a matched block. */
function closingTagLength(block: string): number {
  return block.length - block.lastIndexOf("</");
}

/** Every character but a newline becomes a space, so lines and columns stay where they were. */
function blank(markup: string): string {
  return markup.replace(/[^\n]/g, " ");
}
