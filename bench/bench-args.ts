/**
 * The benches' `--name value` arguments (a name may repeat: `--repo a --repo b`). Bench only.
 */
export interface BenchArgs {
  /** Every value given for `name`, in order. */
  all(name: string): string[];
  /** The first value given for `name`, else `fallback`. */
  one(name: string, fallback: string): string;
  has(name: string): boolean;
}

/** Reads `--name value` pairs from `argv` (default: this process's arguments after the script). */
export function parseBenchArgs(argv: readonly string[] = process.argv.slice(2)): BenchArgs {
  const values = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, "");
    values.set(name, [...(values.get(name) ?? []), argv[i + 1]]);
  }
  return {
    all: (name) => values.get(name) ?? [],
    one: (name, fallback) => values.get(name)?.[0] ?? fallback,
    has: (name) => values.has(name),
  };
}
