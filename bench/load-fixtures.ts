/** Deterministic synthetic repositories and issues for bench/load-burst.ts: no randomness, no network. */

const DOMAINS = ["billing", "auth", "storage", "http", "search", "mail", "export", "report", "cache", "queue"] as const;
const NOUNS = ["invoice", "session", "record", "request", "index", "message", "archive", "summary", "entry", "job", "ledger", "token"];
const VERBS = ["compute", "validate", "load", "render", "merge", "flush", "parse", "retry"];
const FUNCTIONS_PER_MODULE = 6;

/** One generated repository: its files and issues whose answer (the file to change) is known. */
export interface LoadFixture {
  readonly name: string;
  readonly files: ReadonlyMap<string, string>;
  readonly issues: readonly { readonly title: string; readonly body: string; readonly expected: string }[];
}

/** A stable pseudo-random sequence (mulberry32), so every run builds the same repositories. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)];
}

function pythonFunction(name: string, noun: string, next: () => number): string {
  const other = pick(next, NOUNS);
  return [
    `def ${name}(${noun}, ${other}=None):`,
    `    """${name.replace(/_/g, " ")} for one ${noun}."""`,
    `    if ${noun} is None:`,
    `        raise ValueError("missing ${noun}")`,
    `    result = [${other} for ${other} in ${noun}.items if ${other}]`,
    `    return len(result) + ${Math.floor(next() * 100)}`,
    "",
  ].join("\n");
}

/**
 * Builds repository number `index` (0-based) with `issueCount` issues about its functions: 10 domains of
 * `modulesPerDomain` Python modules (6 functions each), a README and a test file.
 */
export function buildLoadFixture(index: number, issueCount: number, modulesPerDomain = 4): LoadFixture {
  const next = sequence(1000 + index);
  const name = `svc${String(index).padStart(2, "0")}`;
  const files = new Map<string, string>();
  const functions: { path: string; name: string; noun: string; domain: string }[] = [];
  for (const domain of DOMAINS) {
    for (let m = 0; m < modulesPerDomain; m++) {
      const path = `${name}/${domain}/${pick(next, NOUNS)}_${m}.py`;
      const body: string[] = [`"""The ${domain} ${m} module."""`, "import logging", ""];
      for (let f = 0; f < FUNCTIONS_PER_MODULE; f++) {
        const noun = pick(next, NOUNS);
        const fn = `${pick(next, VERBS)}_${domain}_${noun}_${m}${f}`;
        functions.push({ path, name: fn, noun, domain });
        body.push(pythonFunction(fn, noun, next));
      }
      files.set(path, body.join("\n"));
    }
  }
  files.set("README.md", `# ${name}\n\nA service with ${DOMAINS.join(", ")} modules.\n`);
  files.set(`tests/test_${name}.py`, `from ${name}.billing import *\n\ndef test_smoke():\n    assert True\n`);
  const issues = Array.from({ length: issueCount }, (_, k) => {
    const target = functions[Math.floor(next() * functions.length)];
    return {
      title: `${target.name} fails for an empty ${target.noun} (#${k})`,
      body: `Calling \`${target.name}\` in the ${target.domain} code raises ValueError when the ${target.noun} has no items.`,
      expected: target.path,
    };
  });
  return { name, files, issues };
}
