import type { Node, QueryMatch } from "web-tree-sitter";
import type { FileLinks, Language } from "../types.js";
import { LINK_CALLS } from "./link-rules.js";

/** More than this many imports or type links in one content are dropped: generated tables, not a module's wiring. */
export const MAX_LINKS = 2000;

/** The links of one parsed content, from its query matches (`LINK_QUERIES`), in document order. */
export function collectLinks(matches: readonly QueryMatch[], language: Language): FileLinks {
  const imports: string[] = [];
  const seen = new Set<string>();
  const addImport = (spec: string | undefined): void => {
    if (!spec || seen.has(spec) || imports.length >= MAX_LINKS) return;
    seen.add(spec);
    imports.push(spec);
  };
  const types = new Map<string, { name: string; line: number; supers: string[] }>();
  for (const match of matches) {
    const of = (capture: string): Node | undefined => match.captures.find((c) => c.name === capture)?.node;
    const imported = of("import");
    const call = of("call");
    const use = of("use");
    const named = of("name");
    const parent = of("super");
    if (imported && call) {
      // A call's first argument: kept only for the module-loading calls.
      const callee = call.type === "import" ? "import" : call.text;
      if (LINK_CALLS.has(callee)) addImport(normaliseCallImport(language, callee, imported.text));
    } else if (imported) {
      addImport(normaliseImport(language, imported.text));
    }
    if (use) for (const spec of expandUse(language, use.text)) addImport(spec);
    if (named && parent) {
      const superName = headName(parent.text);
      const typeName = headName(named.text);
      if (!superName || !typeName || superName === typeName) continue;
      const key = `${typeName}:${named.startPosition.row}`;
      let link = types.get(key);
      if (!link) {
        if (types.size >= MAX_LINKS) continue;
        link = { name: typeName, line: named.startPosition.row + 1, supers: [] };
        types.set(key, link);
      }
      if (!link.supers.includes(superName)) link.supers.push(superName);
    }
  }
  return { imports, types: [...types.values()] };
}

/**
 * A type's bare name from the text of a type expression: generic arguments, call parentheses, Kotlin's `by`
 * delegation and qualifiers dropped (`com.x.Base<T>` → `Base`, `ns::C<int>` → `C`, `*Base` → `Base`).
 */
export function headName(text: string): string | undefined {
  const head = text.replace(/^[\s&*]+|^(dyn|impl|virtual|public|private|protected)\s+/g, "").split(/[<(\s[{]/)[0];
  const parts = head.split(/\.|::|\\/).filter((part) => part !== "");
  const last = parts.at(-1);
  return last && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(last) ? last : undefined;
}

/** One `@import` capture's text as a specifier in the language's syntax. */
export function normaliseImport(language: Language, text: string): string | undefined {
  switch (language) {
    case "java":
    case "kotlin":
    case "csharp": {
      // `import static a.B.c;`, `import a.b.C as D`, `using static X.Y;`, `using Z = X.Y;`
      const spec = text.replace(/^(import|using)\s+(static\s+)?/, "").replace(/\s+as\s+\w+\s*$/, "")
        .replace(/^\w+\s*=\s*/, "").replace(/[;\s]/g, "");
      return spec === "" ? undefined : spec;
    }
    case "c":
    case "cpp":
      // Kept with its delimiters: `"x.h"` is searched beside the includer first, `<x.h>` only on include paths.
      return /^(".+"|<.+>)$/.test(text.trim()) ? text.trim() : undefined;
    case "rust":
      return `mod:${text}`;
    default:
      return unquote(text);
  }
}

function normaliseCallImport(language: Language, call: string, text: string): string | undefined {
  const spec = unquote(text);
  if (!spec) return undefined;
  if (language === "ruby" && call === "require_relative" && !spec.startsWith(".")) return `./${spec}`;
  return spec;
}

function unquote(text: string): string | undefined {
  const spec = text.trim().replace(/^(['"`])([^]*)\1$/, "$2").trim();
  return spec === "" || /[\s\n]/.test(spec) ? undefined : spec;
}

/** A `@use` capture's text as the specifiers it names. */
export function expandUse(language: Language, text: string): string[] {
  switch (language) {
    case "python": {
      // `from ..a.b import (c, d as e)` → `..a.b`, `..a.b.c`, `..a.b.d` (a name may be a submodule)
      const m = /^from\s+(\S+)\s+import\s+([^]*)$/.exec(text.trim());
      if (!m) return [];
      const module = m[1];
      const names = m[2].replace(/[()\\]/g, " ").split(",").map((n) => n.trim().split(/\s+/)[0]).filter((n) => n && n !== "*");
      const join = module.endsWith(".") ? module : `${module}.`;
      return [module, ...names.map((n) => join + n)];
    }
    case "rust":
      return expandBraces(text.replace(/\s+/g, " ").trim(), "::").map((p) => p.replace(/\s+as\s+\w+$/, "").replace(/::self$/, ""));
    case "php":
      return text.replace(/^\s*use\s+((function|const)\s+)?/, "").replace(/;\s*$/, "").split(/,(?![^{]*\})/)
        .flatMap((part) => expandBraces(part.trim(), "\\"))
        .map((p) => p.replace(/\s+as\s+\w+$/i, "").replace(/^\\/, "").trim()).filter((p) => p !== "");
    default:
      return [];
  }
}

/** `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e` (`sep` joins a prefix to each branch). */
export function expandBraces(spec: string, sep: string): string[] {
  const open = spec.indexOf("{");
  if (open < 0) return spec === "" ? [] : [spec];
  const prefix = spec.slice(0, open);
  let depth = 0;
  let start = open + 1;
  const out: string[] = [];
  for (let i = open; i < spec.length; i++) {
    const ch = spec[i];
    if (ch === "{") depth++;
    else if (ch === "}" || (ch === "," && depth === 1)) {
      if (depth === 1) {
        const branch = spec.slice(start, i).trim();
        if (branch !== "") for (const tail of expandBraces(branch, sep)) out.push(tail === "self" ? prefix.replace(new RegExp(`${escape(sep)}$`), "") : prefix + tail);
        start = i + 1;
      }
      if (ch === "}") depth--;
      if (depth === 0) break;
    }
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}
