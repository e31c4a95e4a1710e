import type { Node } from "web-tree-sitter";
import type { SymbolInfo, SymbolKind } from "../types.js";
import type { DeclarationRule, LanguageRules } from "./rule-types.js";

/** A language's rules in lookup form. */
export interface CompiledRules {
  readonly declarations: ReadonlyMap<string, DeclarationRule>;
  readonly transparent: ReadonlySet<string>;
  readonly wrappers: ReadonlySet<string>;
  readonly constructors: ReadonlySet<string>;
}

/** Turns a rules table into maps and sets. Parse-error regions are walked through so a typo does not hide a file. */
export function compileRules(rules: LanguageRules): CompiledRules {
  return {
    declarations: new Map(Object.entries(rules.declarations)),
    transparent: new Set([...rules.transparent, ...(rules.wrappers ?? []), "ERROR"]),
    wrappers: new Set(rules.wrappers ?? []),
    constructors: new Set(rules.constructors ?? []),
  };
}

interface Scope {
  readonly path: readonly string[];
  readonly kind: SymbolKind | undefined;
}

const TOP: Scope = { path: [], kind: undefined };

/**
 * Import and package statements of every grammar with rules (Python, JavaScript/TypeScript, Java, Kotlin, Go, Rust,
 * C/C++, C#, PHP): they are not declarations, and not a place to send a reader either (see `gapWindows`).
 */
const IMPORT_TYPES: ReadonlySet<string> = new Set([
  "import_statement", "import_from_statement", "future_import_statement", // Python, JavaScript, TypeScript
  "import_declaration", "package_declaration", "package_clause", // Java, Go
  "import_list", "import_header", "package_header", // Kotlin
  "use_declaration", "extern_crate_declaration", // Rust
  "preproc_include", // C, C++
  "using_directive", // C#
  "namespace_use_declaration", // PHP
]);

/**
 * Collects the declarations of a syntax tree in document order (and, through `onImport`, the lines of the import
 * statements met on the way: at top level and in the same scopes and blocks). Only scopes (classes, modules, impls…) and
 * transparent nodes (bodies, exports, namespaces) are descended into, never function bodies: local helpers are not
 * symbols, and the walk stays proportional to the number of declarations rather than to the size of the tree.
 */
export function collectDeclarations(root: Node, rules: CompiledRules, onImport?: (startLine: number, endLine: number) => void): SymbolInfo[] {
  const symbols: SymbolInfo[] = [];

  function visitChildren(parent: Node, scope: Scope, wrapperStartRow: number | undefined): void {
    for (const child of parent.namedChildren) if (child) visit(child, scope, wrapperStartRow);
  }

  function visit(node: Node, scope: Scope, wrapperStartRow: number | undefined): void {
    const rule = rules.declarations.get(node.type);
    if (rule) {
      declare(node, rule, scope, wrapperStartRow);
    } else if (IMPORT_TYPES.has(node.type)) {
      onImport?.(node.startPosition.row + 1, endLine(node));
    } else if (rules.transparent.has(node.type)) {
      const startRow = rules.wrappers.has(node.type) ? (wrapperStartRow ?? node.startPosition.row) : undefined;
      visitChildren(node, scope, startRow);
    }
  }

  function declare(node: Node, rule: DeclarationRule, scope: Scope, wrapperStartRow: number | undefined): void {
    const declaredKind = typeof rule.kind === "function" ? rule.kind(node, scope.kind) : rule.kind;
    const parts = splitName((rule.name ?? defaultName)(node));
    const name = parts.at(-1);
    if (!declaredKind || !name) {
      const inner = rule.walk?.(node);
      if (inner) visitChildren(inner, scope, undefined);
      return;
    }
    const owner = rule.owner?.(node);
    const path = [...scope.path, ...(owner ? splitName(owner) : []), ...parts];
    const kind = refineKind(declaredKind, name, owner !== undefined || parts.length > 1 || isTypeScope(scope));
    if (rule.emit !== false) {
      const startRow = wrapperStartRow ?? node.startPosition.row;
      symbols.push({ name, qualifiedName: path.join("."), kind, startLine: startRow + 1, endLine: endLine(node) });
    }
    if (rule.scope) visitChildren(node, { path, kind }, undefined);
  }

  function refineKind(kind: SymbolKind, name: string, inType: boolean): SymbolKind {
    if (kind === "function" && inType) kind = "method";
    return kind === "method" && rules.constructors.has(name) ? "constructor" : kind;
  }

  visitChildren(root, TOP, undefined);
  return symbols;
}

function defaultName(node: Node): string | undefined {
  return node.childForFieldName("name")?.text;
}

function isTypeScope(scope: Scope): boolean {
  return scope.kind !== undefined && scope.kind !== "module";
}

/** `A::B` and `A\B` name paths become parts; generic arguments (`Foo<T>::bar`) are dropped. */
function splitName(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw.replace(/<[^<>]*>/g, "").split(/::|\\/).map((part) => part.trim()).filter((part) => part !== "");
}

/** The 1-based last line of a node; a node ending at column 0 ends on the line before. */
function endLine(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row : row + 1;
}
