import type { MapProblem } from "./area-map.js";
import { compilePathGlob, isGlobProblem, type PathGlob, type PathInput } from "./path-glob.js";

/** Where GitHub looks for CODEOWNERS, in its order: the first file found is the one used. */
export const CODEOWNERS_PATHS = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"] as const;

/** GitHub ignores a CODEOWNERS file of 3 MB or more; so does BugScout (and it reads at most 1 MB, see the reader). */
export const MAX_CODEOWNERS_RULES = 50_000;
/** Problems reported from one file at most (the comment shows ten). */
const MAX_PROBLEMS = 20;

/** An owner as CODEOWNERS names it. */
export type Owner =
  | { readonly kind: "user"; readonly login: string }
  | { readonly kind: "team"; readonly org: string; readonly team: string }
  | { readonly kind: "email"; readonly email: string };

/** One line of the file: its pattern and owners (none: the files are left without owners). */
export interface OwnerRule {
  readonly line: number;
  readonly pattern: string;
  readonly owners: readonly Owner[];
  readonly glob: CodeownersGlob;
}

/** The rules of a CODEOWNERS file, in file order, and what was wrong with it. */
export interface Codeowners {
  /** The file they came from, e.g. `.github/CODEOWNERS`. */
  readonly file: string;
  readonly rules: readonly OwnerRule[];
  readonly problems: readonly MapProblem[];
}

/** A CODEOWNERS pattern: whether it matches a path itself, or a directory the path is under. */
interface CodeownersGlob {
  matches(path: PathInput): boolean;
}

// GitHub logins: letters, digits and single hyphens, at most 39 characters; team slugs are looser.
const USER = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/;
const TEAM = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9_.-]{1,100})$/;
const EMAIL = /^[^@\s]{1,64}@[^@\s]{1,255}\.[^@\s]{1,63}$/;

/**
 * Reads a CODEOWNERS file with GitHub's rules (docs: "About code owners"):
 *
 * - Each line is a pattern and owners (`@user`, `@org/team`, `user@example.com`); `#` starts a comment, also after
 *   the owners. A pattern with no owners leaves its files without owners.
 * - Patterns follow gitignore: no `/` (but a trailing one) matches at any depth (`*.js`, `apps/`); a leading or inner
 *   `/` anchors at the root (`/docs/`, `docs/*`); a trailing `/` covers everything under the folder; a pattern that
 *   names a folder (`/apps/github`, `**\/logs`) covers everything under it; `*` stays within one folder, so `docs/*`
 *   covers `docs/a.md` but not `docs/sub/b.md`.
 * - What GitHub documents as unsupported is reported and skipped: `!` negation; `[ ]` are read as text; `\#` is
 *   not an escape.
 *
 * Never throws; lines past {@link MAX_CODEOWNERS_RULES} are a problem and left out.
 */
export function parseCodeowners(text: string, file: string): Codeowners {
  const problems: MapProblem[] = [];
  const problem = (line: number, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ file, path: `line ${line}`, message });
  };
  const rules: OwnerRule[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (rules.length >= MAX_CODEOWNERS_RULES) {
      problems.push({ file, path: `line ${i + 1}`, message: `more than ${MAX_CODEOWNERS_RULES} rules: the rest are not read` });
      break;
    }
    const [pattern, ...rest] = splitTokens(line);
    if (pattern.startsWith("!")) {
      problem(i + 1, "GitHub does not support `!` patterns in CODEOWNERS; the line is skipped");
      continue;
    }
    const glob = compileCodeownersPattern(pattern);
    if ("problem" in glob) {
      problem(i + 1, `${glob.problem}; the line is skipped`);
      continue;
    }
    const owners: Owner[] = [];
    for (const token of rest) {
      if (token.startsWith("#")) break;
      const owner = parseOwner(token);
      if (owner) owners.push(owner);
      else problem(i + 1, `\`${token.slice(0, 60)}\` is not a @user, @org/team or e-mail address; it is left out`);
    }
    rules.push({ line: i + 1, pattern, owners, glob });
  }
  return { file, rules, problems };
}

/** The owners of `path`: those of the last rule that matches it (GitHub: the last matching pattern wins). */
export function findOwners(codeowners: Codeowners, path: string): readonly Owner[] {
  const parts = path.split("/");
  for (let i = codeowners.rules.length - 1; i >= 0; i--) {
    if (codeowners.rules[i].glob.matches(parts)) return codeowners.rules[i].owners;
  }
  return [];
}

/** `@user`, `@org/team` or the e-mail address, as CODEOWNERS writes it. */
export function ownerName(owner: Owner): string {
  if (owner.kind === "user") return `@${owner.login}`;
  if (owner.kind === "team") return `@${owner.org}/${owner.team}`;
  return owner.email;
}

/** Reads one owner token, or undefined when it is none of the three forms. */
export function parseOwner(token: string): Owner | undefined {
  const team = TEAM.exec(token);
  if (team) return { kind: "team", org: team[1], team: team[2] };
  const user = USER.exec(token);
  if (user) return { kind: "user", login: user[1] };
  if (EMAIL.test(token)) return { kind: "email", email: token };
  return undefined;
}

/** Whitespace-separated tokens; `\ ` keeps a space inside a pattern. */
function splitTokens(line: string): string[] {
  if (!line.includes("\\")) return line.split(/\s+/);
  const tokens: string[] = [];
  let current = "";
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === "\\" && line[i + 1] === " ") {
      current += " ";
      i++;
    } else if (/\s/.test(char)) {
      if (current !== "") tokens.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (current !== "") tokens.push(current);
  return tokens;
}

/** Compiles a CODEOWNERS pattern into "matches the path, or a folder the path is under" as the doc comment says. */
export function compileCodeownersPattern(pattern: string): CodeownersGlob | { readonly problem: string } {
  const folderOnly = pattern.endsWith("/");
  const body = pattern.replace(/^\/+/, "").replace(/\/+$/, "");
  if (body === "") return pattern.startsWith("/") ? { problem: "`/` alone names no file" } : { problem: "empty pattern" };
  // A `/` at the start or inside anchors the pattern at the root; otherwise it matches at any depth.
  const anchored = pattern.startsWith("/") || body.includes("/");
  const compiled = compilePathGlob(escapeForGlob(anchored ? body : `**/${body}`), { dot: true, classes: false, braces: false });
  if (isGlobProblem(compiled)) return compiled;
  const last = body.slice(body.lastIndexOf("/") + 1);
  // A pattern ending in a literal name (or `**`) names a folder as well as a file: it covers what is under it.
  const coversFolder = folderOnly || last === "**" || !/[*?]/.test(last);
  const glob: PathGlob = compiled;
  return {
    matches: (path: PathInput) => (folderOnly ? glob.contains(path) : coversFolder ? glob.matchesOrContains(path) : glob.matches(path)),
  };
}

/** Backslashes are text in CODEOWNERS (GitHub documents no escapes but `\ `); the glob compiler reads them as escapes. */
function escapeForGlob(pattern: string): string {
  return pattern.replace(/\\/g, "\\\\");
}
