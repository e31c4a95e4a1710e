import type { Language } from "../../index/types.js";
import type { IndexedFile, LexicalIndex } from "../lexical/lexical-index.js";

const SCRIPT_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["javascript", "typescript", "tsx"]);
const INDEX_FILE = /(^|\/)index\.[cm]?[jt]sx?$/;

/**
 * A JavaScript/TypeScript module that holds no behaviour, known by what it declares rather than by its name:
 * - a type module: it declares interfaces (and enums, namespaces, their members) and no function, class or
 *   variable (`types.ts`, `config.ts` of option interfaces) — like a `.d.ts`, it repeats the names of the code it
 *   describes, and fixes go into that code;
 * - a barrel: an `index` file with no declarations of its own that imports (re-exports) other modules of the tree
 *   and is hardly longer than its list of them (an `index.js` whose body is an anonymous default export — a route
 *   handler, an app's entry — has no declarations either, and is code).
 */
export function isDeclarationModule(index: LexicalIndex, file: number): boolean {
  const f: IndexedFile = index.files[file];
  if (!SCRIPT_LANGUAGES.has(f.language)) return false;
  const own = f.symbols.filter((s) => s.kind !== "window");
  if (own.length === 0) {
    const imports = index.graph.importsOf(file).length;
    return INDEX_FILE.test(f.path) && imports > 0 && f.lineCount <= 2 * imports + 10;
  }
  const top = own.filter((s) => !s.qualifiedName.includes("."));
  return top.some((s) => s.kind === "interface") && top.every((s) => s.kind === "interface" || s.kind === "enum" || s.kind === "module");
}

/**
 * Multiplies the scores of the declaration modules among `files` by `factor` (1 = off). Only the best files are
 * looked at: reading every file's symbols would cost a snapshot-backed ranking its lazy loading. Mutates `scores`.
 */
export function demoteDeclarationModules(index: LexicalIndex, scores: Float64Array, files: readonly number[], factor: number): void {
  if (factor === 1) return;
  for (const d of files) if (isDeclarationModule(index, d)) scores[d] *= factor;
}
