import type { Language } from "./types.js";

const BY_EXTENSION: ReadonlyMap<string, Language> = new Map(Object.entries({
  py: "python", pyi: "python", pyw: "python", "py-tpl": "python",
  js: "javascript", mjs: "javascript", cjs: "javascript", jsx: "javascript",
  ts: "typescript", mts: "typescript", cts: "typescript",
  tsx: "tsx",
  java: "java",
  kt: "kotlin", kts: "kotlin",
  go: "go",
  rs: "rust",
  c: "c", h: "c",
  cc: "cpp", cpp: "cpp", cxx: "cpp", "c++": "cpp", hh: "cpp", hpp: "cpp", hxx: "cpp", "h++": "cpp", ipp: "cpp",
  inl: "cpp",
  cs: "csharp",
  rb: "ruby", rake: "ruby", gemspec: "ruby", ru: "ruby",
  php: "php", phtml: "php",
  scala: "scala", sc: "scala",
  swift: "swift",
  lua: "lua",
  sh: "bash", bash: "bash", zsh: "bash",
  md: "markdown", markdown: "markdown", mdx: "markdown",
  rst: "rst",
  json: "json", jsonc: "json", json5: "json",
  yml: "yaml", yaml: "yaml",
  toml: "toml",
  html: "html", htm: "html", xhtml: "html", vue: "vue", svelte: "svelte",
  css: "css", scss: "css", sass: "css", less: "css",
} satisfies Record<string, Language>));

/** Whole file names (lower-cased) whose language the extension does not tell. */
const BY_FILENAME: ReadonlyMap<string, Language> = new Map(Object.entries({
  rakefile: "ruby", gemfile: "ruby", podfile: "ruby", vagrantfile: "ruby", guardfile: "ruby", brewfile: "ruby",
  ".bashrc": "bash", ".bash_profile": "bash", ".zshrc": "bash", ".profile": "bash",
  "cargo.lock": "toml", pipfile: "toml",
} satisfies Record<string, Language>));

const SHEBANG: ReadonlyArray<readonly [RegExp, Language]> = [
  [/\bpython[0-9.]*\b/, "python"],
  [/\b(node|deno|bun)\b/, "javascript"],
  [/\b(ba|z|k)?sh\b/, "bash"],
  [/\bruby\b/, "ruby"],
  [/\bphp\b/, "php"],
  [/\blua\b/, "lua"],
];

/**
 * Detects a file's language from its name (extension or well-known file name), falling back to a shebang on the
 * first line when the name says nothing. Unknown files are `text`.
 */
export function detectLanguage(path: string, firstLine = ""): Language {
  const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const byName = BY_FILENAME.get(base);
  if (byName) return byName;
  const dot = base.lastIndexOf(".");
  if (dot > 0) {
    const byExtension = BY_EXTENSION.get(base.slice(dot + 1));
    if (byExtension) return byExtension;
  }
  if (firstLine.startsWith("#!")) {
    for (const [pattern, language] of SHEBANG) if (pattern.test(firstLine)) return language;
  }
  return "text";
}
