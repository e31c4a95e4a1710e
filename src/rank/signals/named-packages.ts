/** A package of the tree as the ranking sees it. */
export interface NamedPackage {
  readonly name: string;
  readonly dir: string;
}

/**
 * The tree's packages the issue names: a scoped name (`@acme/utils`) or one with a separator (`foo-parser`,
 * `lodash.merge`) anywhere as a whole word; a one-word name (`core`, `insomnia`) only where the text marks it as a
 * package: in backticks or quotes, as an import specifier, or with a version (`core@1.2.0`). The root package (the
 * project itself) never counts, nor does naming every package (then nothing is singled out). Pure.
 */
export function findNamedPackages(text: string, packages: readonly NamedPackage[]): NamedPackage[] {
  const candidates = packages.filter((p) => p.dir !== "");
  if (candidates.length < 2) return [];
  const lower = text.toLowerCase();
  const named = candidates.filter((p) => namesPackage(lower, p.name.toLowerCase()));
  return named.length < candidates.length ? named : [];
}

function namesPackage(text: string, name: string): boolean {
  const distinctive = name.startsWith("@") || /[-._]/.test(name);
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return false;
    from = at + 1;
    const before = at === 0 ? "" : text[at - 1];
    const after = text[at + name.length] ?? "";
    // Whole names only: `@acme/utils` is not `@acme/utils-extra`, `core` not `encore`; a subpath (`pkg/sub`) counts.
    if (/[\w@.-]/.test(before) || /[\w-]/.test(after) || (after === "." && /\w/.test(text[at + name.length + 1] ?? ""))) continue;
    if (distinctive) return true;
    if ((/[`'"]/.test(before) && /[`'"/]/.test(after)) || after === "@") return true;
  }
}

/**
 * Multiplies the scores of files inside the named packages by `1 + weight` (a file belongs to the deepest package
 * folder above it, so a package nested in a named one is not lifted). Mutates `scores`; returns the lifted files'
 * package names.
 */
export function liftNamedPackages(
  paths: readonly string[], scores: Float64Array, named: readonly NamedPackage[], all: readonly NamedPackage[], weight: number,
): Map<number, string> {
  const lifted = new Map<number, string>();
  if (named.length === 0 || weight <= 0) return lifted;
  const byDir = new Map(all.map((p) => [p.dir, p.name]));
  const wanted = new Set(named.map((p) => p.name));
  for (let d = 0; d < scores.length; d++) {
    if (scores[d] <= 0) continue;
    const owner = ownerOf(paths[d], byDir);
    if (owner !== undefined && wanted.has(owner)) {
      scores[d] *= 1 + weight;
      lifted.set(d, owner);
    }
  }
  return lifted;
}

function ownerOf(path: string, byDir: ReadonlyMap<string, string>): string | undefined {
  for (let slash = path.lastIndexOf("/"); slash > 0; slash = path.lastIndexOf("/", slash - 1)) {
    const name = byDir.get(path.slice(0, slash));
    if (name !== undefined) return name;
  }
  return undefined;
}
