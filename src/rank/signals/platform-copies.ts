import type { LexicalIndex } from "../lexical/lexical-index.js";

/**
 * A Kotlin Multiplatform source set (`src/commonMain/`, `src/jvmMain/`, `src/iosArm64Main/`): the same file often
 * has one copy per platform (`expect` in common, `actual` in each platform), and the copies share their words.
 */
const SOURCE_SET = /(^|\/)src\/(\w+)Main\//;
/** Platform names an issue may use for a source set (`jvm`, `js`, `native`, `ios`, …), matched as words. */
const PLATFORM_WORD = /\b(jvm|js|wasm\w*|native|ios\w*|macos\w*|tvos\w*|watchos\w*|apple|darwin|linux\w*|mingw\w*|windows|android\w*|desktop)\b/gi;

/**
 * Damps the platform copies of one Kotlin Multiplatform file so they do not fill the top of a ranking: where several
 * copies of a path (the same path in `src/<platform>Main/` folders) score, the `common` copy — or, without one, the
 * best-scoring copy — keeps its score and the others are multiplied by `factor`, unless the issue names their
 * platform. Files outside such source sets are untouched. Mutates `scores`; pure otherwise.
 */
export function dampPlatformCopies(index: LexicalIndex, scores: Float64Array, issueText: string, factor: number): void {
  if (factor >= 1) return;
  const groups = new Map<string, { file: number; platform: string }[]>();
  for (let d = 0; d < scores.length; d++) {
    if (scores[d] <= 0) continue;
    const path = index.files[d].path;
    const set = SOURCE_SET.exec(path);
    if (!set) continue;
    const key = `${path.slice(0, set.index)}${set[1]}src/*Main/${path.slice(set.index + set[0].length)}`;
    const group = groups.get(key) ?? [];
    group.push({ file: d, platform: set[2].toLowerCase() });
    groups.set(key, group);
  }
  if (groups.size === 0) return;
  const named = new Set([...issueText.matchAll(PLATFORM_WORD)].map((m) => m[1].toLowerCase()));
  const namesPlatform = (platform: string): boolean => [...named].some((w) => platform.startsWith(w) || w.startsWith(platform));
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const kept = group.find((c) => c.platform === "common") ?? group.reduce((a, b) => (scores[b.file] > scores[a.file] ? b : a));
    for (const copy of group) if (copy !== kept && !namesPlatform(copy.platform)) scores[copy.file] *= factor;
  }
}
