/** A compiled set of glob patterns, tested against POSIX paths relative to the tree root. */
export interface GlobMatcher {
  /** True when at least one pattern matches `path`. */
  matches(path: string): boolean;
}

/**
 * Compiles one glob into a regular expression anchored on the whole path.
 *
 * Syntax: `*` matches any run of characters except `/`; `?` matches one character except `/`; `**` matches any
 * run including `/`, and `**` followed by `/` also matches no directory at all (so `src/**` is everything under
 * src and `**` + `/test_*.py` also matches a top-level `test_x.py`). A pattern without `/` matches the file's base
 * name at any depth (like `.gitignore`: `*.md`). A trailing `/` means "everything under this directory" (`docs/`
 * is `docs/**`). Every other character is literal.
 */
export function compileGlob(pattern: string): RegExp {
  let glob = pattern.trim().replace(/^\.\//, "");
  if (glob.endsWith("/")) glob += "**";
  const anywhere = !glob.includes("/");
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === "*" && glob[i + 1] === "*") {
      const slashAfter = glob[i + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(anywhere ? `^(?:.*/)?${source}$` : `^${source}$`);
}

/** Compiles a list of globs into one matcher; an empty list matches nothing. */
export function createGlobMatcher(patterns: readonly string[]): GlobMatcher {
  const compiled = patterns.filter((p) => p.trim() !== "").map(compileGlob);
  if (compiled.length === 0) return { matches: () => false };
  return { matches: (path) => compiled.some((re) => re.test(path)) };
}
