import type { RankRequest } from "./ports.js";

/** A `/bugscout` command found in a comment. */
export type Command =
  | { readonly kind: "help" }
  | { readonly kind: "stats" }
  | { readonly kind: "invalid"; readonly errors: readonly string[] }
  | { readonly kind: "rank"; readonly options: CommandOptions };

/** Options a maintainer can give `/bugscout`; absent ones come from the settings. */
export interface CommandOptions {
  readonly topK?: number;
  readonly mode?: RankRequest["mode"];
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  /** Free text after the command (on its line and the lines below), used as extra ranking text. */
  readonly hint: string;
}

/** Longest comment body read; GitHub caps bodies at 65,536 characters anyway. */
const MAX_BODY_CHARS = 65_536;
const MAX_HINT_CHARS = 4_000;
const MAX_PATHS = 20;
const MAX_TOP = 20;
const MODES = new Set(["auto", "bm25", "dense", "hybrid"]);
const COMMAND_LINE = /^\s*\/bugscout(?=\s|$)(.*)$/i;

/**
 * Finds the first `/bugscout` line of a comment (outside fenced code and quotes) and parses its options:
 * `help`, `stats`, `top=N`, `mode=auto|bm25|dense|hybrid`, `path:dir`, `-path:dir`; other words are hints.
 * Returns undefined when the comment holds no command. Pure; never throws.
 */
export function parseCommand(body: string): Command | undefined {
  const lines = body.slice(0, MAX_BODY_CHARS).split(/\r?\n/);
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const match = COMMAND_LINE.exec(line);
    if (match) return parseArguments(match[1], lines.slice(i + 1).join("\n"));
  }
  return undefined;
}

function parseArguments(rest: string, below: string): Command {
  const tokens = rest.split(/\s+/).filter((t) => t !== "");
  if (tokens[0]?.toLowerCase() === "help") return { kind: "help" };
  if (tokens[0]?.toLowerCase() === "stats" && tokens.length === 1) return { kind: "stats" };
  const errors: string[] = [];
  const include: string[] = [];
  const exclude: string[] = [];
  const hintWords: string[] = [];
  let topK: number | undefined;
  let mode: RankRequest["mode"] | undefined;
  for (const token of tokens) {
    const option = /^(top|mode)=(.*)$/i.exec(token);
    const pathOption = /^(-?)path:(.*)$/i.exec(token);
    if (option) {
      const [, name, value] = option;
      if (name.toLowerCase() === "top") {
        const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
        if (n >= 1 && n <= MAX_TOP) topK = n;
        else errors.push(`\`top\` must be a whole number from 1 to ${MAX_TOP}`);
      } else if (MODES.has(value.toLowerCase())) {
        mode = value.toLowerCase() as RankRequest["mode"];
      } else {
        errors.push("`mode` must be one of `auto`, `bm25`, `dense`, `hybrid`");
      }
    } else if (pathOption) {
      const dir = normalizeDir(pathOption[2]);
      const list = pathOption[1] === "-" ? exclude : include;
      if (dir === undefined) errors.push("a `path:` option needs a relative directory without `..`");
      else if (list.length >= MAX_PATHS) errors.push(`at most ${MAX_PATHS} \`path:\` options of each kind`);
      else list.push(dir);
    } else {
      hintWords.push(token);
    }
  }
  if (errors.length > 0) return { kind: "invalid", errors: [...new Set(errors)] };
  const hint = [hintWords.join(" "), below.trim()].filter((s) => s !== "").join("\n").slice(0, MAX_HINT_CHARS);
  return { kind: "rank", options: { ...(topK ? { topK } : {}), ...(mode ? { mode } : {}), include, exclude, hint } };
}

/** A repository-relative directory: no leading `./` or `/`, no trailing `/`, no `..`; undefined when unusable. */
function normalizeDir(raw: string): string | undefined {
  const dir = raw.trim().replace(/^\.?\/+/, "").replace(/\/+$/, "");
  if (dir === "" || dir.length > 200) return undefined;
  const segments = dir.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..") || /[\u0000-\u001f\\]/.test(dir)) return undefined;
  return dir;
}
