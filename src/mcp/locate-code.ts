import { classifyIssueText } from "../issue-type/classify-issue-text.js";
import type { RankedFile, SymbolPointer } from "../rank/types.js";
import { rankIssue } from "../triage/rank-issue.js";
import { readTreeFile } from "../index/read-tree-file.js";
import { rankSymbols } from "../rank/signals/rank-symbols.js";
import { measureAnswer, type MeasuredAnswer } from "./measure-answer.js";
import { packWithinBudget } from "./pack-budget.js";
import type { RepoContext } from "./repo-context.js";
import type { CatalogSymbol } from "./symbol-catalog.js";
import { pickExtras, pickRanked } from "./pick-extras.js";
import { issueTerms, scoreSymbolText } from "./score-symbol-text.js";
import { ToolInputError } from "./tool-error.js";
import { codeView, keptParts, type CodeView } from "./code-views.js";
import { EXCERPT_SHARE, FILE_EXCERPT_SHARE, fitFileExcerpt, locateExcerpts, type LocateExcerpts } from "./locate-excerpts.js";
import { WHOLE_FILE, wholeFiles } from "./whole-files.js";
import { CLEAR_LEAD, leadsClearly } from "./clear-lead.js";
import type { LocateAnswer, LocatedEntry, LocatedFile, LocateRequest, PackLocateOptions, PointerView, PreparedLocate } from "./locate-types.js";

export type { CodeView } from "./code-views.js";
export { EXCERPT_SHARE, FILE_EXCERPT_SHARE } from "./locate-excerpts.js";
export { WHOLE_FILE } from "./whole-files.js";
export { CLEAR_LEAD } from "./clear-lead.js";
export type { LocateRequest, PointerView, LocatedFile, LocateAnswer, LocatedEntry, PreparedLocate, PackLocateOptions } from "./locate-types.js";

/**
 * Ranks the files for an issue (the same `rankIssue` as `bugscout rank`, BM25) and packs the current source of
 * their pointers into the token budget: the first file's pointers and its best other symbol, then every other
 * file's first pointer in rank order (a small file whole instead of its pointers, `WHOLE_FILE`: the first file up to
 * half the budget, four fifths when the ranking leads with it clearly, `CLEAR_LEAD`; or its pointers again when the
 * whole does not fit), then their second pointers, whole symbols only but for a pointer too large to show whole,
 * which comes as an excerpt (its first line and the lines around those that share the issue's words, the rest named
 * in `omitted`); the ids that did not fit are listed. Then an excerpt of the first file's other lines around the
 * issue's words (of the next file's when the first comes whole; `locateExcerpts`; up to a quarter of the budget
 * rather than an eighth after a clear lead). With budget left, more symbols of the ranked files follow
 * (`pickExtras`), then the next symbols of the cross-file symbol ranking (`pickRanked`). When the ranked files alone
 * take more than a third of the budget (`FILE_LIST_SHARE`), the lowest ranked files are dropped, down to one; a budget
 * too small for the first file is a `ToolInputError`.
 */
export async function locateCode(context: RepoContext, request: LocateRequest): Promise<MeasuredAnswer<LocateAnswer>> {
  return packLocate(context, await prepareLocate(context, request), request.tokenBudget);
}

/** The ranking, pointers and scored symbols of `locate` (the part that does not depend on the budget). */
export async function prepareLocate(context: RepoContext, request: Omit<LocateRequest, "tokenBudget">): Promise<PreparedLocate> {
  const ranking = await rankIssue(
    { index: context.repo.index, now: () => performance.now(), readFile: (path, max) => readTreeFile(context.repo.root, path, max) },
    { text: request.issue, top: request.top, mode: "bm25" },
  );
  const terms = issueTerms(request.issue);
  // The cross-file symbol ranking (`bugscout rank --symbols`): what fills the budget once each file's own best
  // symbols are in.
  const ranked = rankSymbols(context.repo.index, request.issue, { limit: RANKED_SYMBOLS })
    .map((r) => catalogSymbol(context, r.path, r))
    .filter((s): s is CatalogSymbol => s !== undefined);
  return {
    ranked,
    terms,
    confidence: ranking.confidence,
    issueType: classifyIssueText(request.issue, await context.issueTypeContext()),
    located: ranking.files.map((file) => ({
      file,
      pointers: resolvePointers(context, file),
      scored: scoreSymbolText(context.repo.index, terms, context.catalog.file(file.path)?.symbols ?? [], context.lines(file.path)),
    })),
  };
}

/** Packs a prepared `locate` answer into `budget` tokens (see `locateCode`). */
export function packLocate(context: RepoContext, prepared: PreparedLocate, budget: number, options: PackLocateOptions = {}): MeasuredAnswer<LocateAnswer> {
  const { located } = prepared;
  // A first file that clearly outscores the second is the one to change for most issues: more of the budget goes to it.
  const lead = options.clearLead ?? CLEAR_LEAD;
  const led = lead && leadsClearly(located.map((l) => l.file.score), lead) ? lead : undefined;
  const fileShare = options.fileExcerptShare ?? led?.fileExcerptShare ?? FILE_EXCERPT_SHARE;
  const firstWholeShare = options.firstWholeShare ?? led?.firstWholeShare ?? WHOLE_FILE.firstShare;
  // The pointers are packed more than once (alone, after whole files give way, with the extras): each text is
  // tokenized once.
  const counts = new Map<string, number>();
  const counter = { count: (text: string) => counts.get(text) ?? counts.set(text, context.counter.count(text)).get(text)! };
  const counted: RepoContext = { ...context, counter };
  const excerpts = locateExcerpts(counted, prepared.terms, budget, {
    pointerShare: options.excerptShare ?? EXCERPT_SHARE,
    fileShare,
  });
  // A symbol's view (a Python definition's long docstrings shortened) is the same in every packing tried: made once.
  const views = new Map<string, CodeView>();
  const view = (s: CatalogSymbol): CodeView => {
    const key = `${s.id}\0${s.startLine}-${s.endLine}`;
    return views.get(key) ?? views.set(key, codeView(counted, s)).get(key)!;
  };
  // A small file is shown whole in place of its pointers: for little more than their cost it also holds the lines
  // no symbol owns (imports, constants, top-level calls), where fixes in short files often are. Which files may come
  // whole depends on the budget, not on how many files are kept: decided once.
  const wholes = wholeFiles(counted, located.map((l) => l.file.path), budget, firstWholeShare, view);
  for (let keep = located.length; keep >= 0; keep--) {
    const answer = packLocated(counted, located.slice(0, keep), budget, prepared, excerpts, wholes.slice(0, keep), view);
    if (answer && (keep > 0 || located.length === 0)) return answer;
  }
  throw new ToolInputError(`token_budget ${budget} is too small to name even the first ranked file; ` +
    "give a larger budget (a few hundred tokens at least).");
}

function packLocated(
  context: RepoContext,
  located: readonly LocatedEntry[],
  budget: number,
  prepared: PreparedLocate,
  excerpts: LocateExcerpts,
  wholeCandidates: readonly (CatalogSymbol | undefined)[],
  view: (s: CatalogSymbol) => CodeView,
): MeasuredAnswer<LocateAnswer> | undefined {
  const files: LocatedFile[] = located.map(({ file, pointers }) => ({
    path: file.path,
    score: Math.round(file.score * 1000) / 1000,
    evidence: {
      terms: file.evidence.terms,
      ...(file.evidence.mention ? { mention: file.evidence.mention } : {}),
      ...(file.evidence.tests ? { tests: file.evidence.tests } : {}),
      ...(file.evidence.package ? { package: file.evidence.package } : {}),
      ...(file.evidence.declarations ? { declarations: file.evidence.declarations } : {}),
      ...(file.evidence.titleWords ? { titleWords: file.evidence.titleWords } : {}),
    },
    pointers: pointers.map((s) => ({ id: s.id, kind: s.kind, start_line: s.startLine, end_line: s.endLine })),
  }));
  const fileTokens = located.reduce((sum, { file }) => sum + context.fileTokens(file.path), 0);
  const build = (included: readonly CodeView[], leftOut: readonly string[]): LocateAnswer => ({
    issue_type: prepared.issueType,
    confidence: Math.round(prepared.confidence * 1000) / 1000,
    files, code: included, left_out: leftOut, token_budget: budget, file_tokens: fileTokens,
  });
  // The file list takes at most a share of the budget (fewer files, the lowest dropped, `packLocate` tries): at 1,000
  // tokens five files with their evidence are half of it, and a low file's entry helps less than the first file's code.
  if (located.length > 1) {
    const ids = located.flatMap((l) => l.pointers.map((p) => p.id));
    if (measureAnswer(build([], ids), context.counter).answer.tokens > budget * FILE_LIST_SHARE) return undefined;
  }
  const pack = (wholes: readonly (CatalogSymbol | undefined)[]) => {
    const first = (i: number) => wholes[i] ?? located[i].pointers[0];
    const second = (i: number) => (wholes[i] ? undefined : located[i].pointers[1]);
    const rest = located.map((_, i) => i).slice(1);
    const pointers = [...(located.length === 0 ? [] : [first(0), second(0)]), ...rest.map(first), ...rest.map(second)]
      .filter((s): s is CatalogSymbol => s !== undefined)
      .filter((s, i, all) => all.findIndex((t) => t.id === s.id) === i);
    const pointerIds = new Set(pointers.map((s) => s.id));
    // The first file's places come before the next files' first places — its pointers, then its best other symbol
    // (an extra: never named in `left_out`) — as the first file is the right one for most issues, so its second place
    // is likelier than a lower file's first (docs/benchmarks.md, "Accuracy within a token budget").
    const firstFile = located.length === 0 ? [] : pointers.filter((p) => p.path === located[0].file.path);
    const options = { reportLeftOut: (c: CodeView) => pointerIds.has(c.id) };
    // The lead may come from inside a first-file pointer too large to show (a long class's method), so it is chosen
    // against the pointers that fit on their own. All pointers are packed for that, not the first file's alone: the
    // answer they are measured in names every pointer id as left out, as the real pack's does.
    const alone = located.length === 0 || wholes[0] ? undefined : packWithinBudget(pointers.map(view), budget, build, context.counter, options);
    const fitting = firstFile.filter((p) => alone?.included.some((c) => c.id === p.id));
    const lead = alone ? pickExtras([located[0].scored], fitting, pointerIds, LEAD_EXTRAS) : [];
    // Packing is greedy in order, so the places that fit here are the ones that fit before any later extra: extras
    // may then come from inside a pointer too large to show (a long class's methods), never from one shown.
    const placeCode = [...firstFile, ...lead, ...pointers.slice(firstFile.length)].map(view);
    return { pointers, lead, pointerIds, options, placeCode, shown: packWithinBudget(placeCode, budget, build, context.counter, options) };
  };
  let wholes = wholeCandidates;
  let packed = pack(wholes);
  // A whole file the budget left no room for gives its place back to its pointers, which are smaller. Those take
  // room from later files, so another whole may no longer fit: repeat until every whole left fits (each round
  // drops at least one, so this ends).
  const unshown = (w: CatalogSymbol | undefined) => w !== undefined && !packed.shown?.included.some((c) => c.id === w.id);
  while (packed.shown && wholes.some(unshown)) {
    wholes = wholes.map((w) => (unshown(w) ? undefined : w));
    packed = pack(wholes);
  }
  const { pointers, lead, pointerIds, options } = packed;
  const placed = packed.shown;
  if (!placed) return undefined;
  const isPlaced = (p: CatalogSymbol) => placed.included.some((c) => c.id === p.id);
  // A pointer left out of the places comes as an excerpt after them (the lines that share the issue's words, where it
  // would otherwise be only an id in `left_out`): after every whole place, so it never takes a whole place's room,
  // and never showing a line a place shows (a method shown whole inside a class that is not).
  const whole = pointers.filter(isPlaced);
  const wholePlaces = [...whole, ...lead.filter(isPlaced)];
  const excerpted = new Map<string, CodeView>();
  for (const p of pointers) {
    if (whole.includes(p)) continue;
    const cut = excerpts.pointer(p, wholePlaces);
    if (cut) excerpted.set(p.id, cut);
  }
  const placeCode = [...packed.placeCode.filter((c) => !excerpted.has(c.id)), ...excerpted.values()];
  const shown = excerpted.size === 0 ? placed : packWithinBudget(placeCode, budget, build, context.counter, options);
  if (!shown) return undefined;
  // An excerpt shows only some of its pointer's lines: extras may still come from the rest (a long class's methods).
  const shownPlaces = [...pointers, ...lead]
    .filter((p) => shown.included.some((c) => c.id === p.id))
    .flatMap((p) => { const cut = excerpted.get(p.id); return cut ? keptParts(p, cut) : [p]; });
  // Then the first file's lines that no place shows, around the issue's words (`FILE_EXCERPT_SHARE`): where the fix
  // is in a function the pointers and extras miss, or outside every definition of a file too large to come whole.
  // A file shown whole has no such lines, so the excerpt is of the best-ranked file not shown whole.
  const cutFile = located.find((l) => !shownPlaces.some((p) => p.id === l.file.path));
  const over = (view: CodeView) => measureAnswer(build([...shown.included, view], shown.leftOut), context.counter).answer.tokens - budget;
  const fileCut = cutFile ? fitFileExcerpt(excerpts, cutFile.file.path, shownPlaces, budget - shown.answer.tokens, over) : undefined;
  const taken = fileCut ? [...shownPlaces, ...fileCut.parts] : shownPlaces;
  const placeIds = new Set([...pointerIds, ...lead.map((s) => s.id)]);
  const picked = pickExtras(located.map((l) => l.scored), taken, placeIds);
  const extras = [...picked, ...pickRanked(prepared.ranked, [...taken, ...picked], placeIds)];
  const code = [...placeCode, ...(fileCut ? [fileCut.view] : []), ...extras.map(view)];
  if (code.length === placeCode.length) return shown;
  return packWithinBudget(code, budget, build, context.counter, options);
}

/**
 * Extra symbols of the first ranked file that come before the next files' pointers: one, chosen over two on half A of
 * the multi-language set's repositories (docs/benchmarks.md); SWE-bench Lite was the held-out check.
 */
const LEAD_EXTRAS = { perFile: 1, total: 1 } as const;

/**
 * The share of the budget the answer without code (file list, evidence, pointer ids) may take while more than one file
 * is listed: a third, chosen by replaying packing over both sets' candidates (a study, `bench/locate-order-study.ts`
 * at `172843a`); it binds only below ~1,500 tokens.
 */
const FILE_LIST_SHARE = 1 / 3;

/** Symbols of the cross-file ranking `locate` considers for budget left after each file's own extras. */
const RANKED_SYMBOLS = 200;

/** The file's pointers (first, then the second when the ranking gives one) as catalog symbols with ids. */
function resolvePointers(context: RepoContext, file: RankedFile): CatalogSymbol[] {
  return [file.evidence.symbol, file.evidence.alsoSymbol]
    .filter((p): p is SymbolPointer => p !== undefined)
    .map((p) => catalogSymbol(context, file.path, p))
    .filter((s): s is CatalogSymbol => s !== undefined);
}

/** The catalog's symbol (with its id) for a ranked symbol of `path`: same name, kind and start, else name and kind. */
function catalogSymbol(context: RepoContext, path: string, p: Pick<SymbolPointer, "qualifiedName" | "kind" | "startLine">): CatalogSymbol | undefined {
  const symbols = context.catalog.file(path)?.symbols ?? [];
  return symbols.find((s) => s.qualifiedName === p.qualifiedName && s.kind === p.kind && s.startLine === p.startLine)
    ?? symbols.find((s) => s.qualifiedName === p.qualifiedName && s.kind === p.kind);
}
