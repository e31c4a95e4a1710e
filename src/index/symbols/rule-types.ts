import type { Node } from "web-tree-sitter";
import type { SymbolKind } from "../types.js";

/** How one declaration node type becomes a symbol. */
export interface DeclarationRule {
  /**
   * The symbol's kind, or a function choosing it from the node and the kind of the enclosing scope (undefined when
   * at top level); returning undefined means "not a symbol" (e.g. `const x = 1`, a forward `struct s;`).
   * A `function` inside a class-like scope is reported as a `method`.
   */
  readonly kind: SymbolKind | ((node: Node, scopeKind: SymbolKind | undefined) => SymbolKind | undefined);
  /** Finds the name; default: the text of the `name` field. `A::B` and `A\B` paths are split into scope parts. */
  readonly name?: (node: Node) => string | undefined;
  /** Definitions nested inside are collected, qualified by this symbol's name. */
  readonly scope?: boolean;
  /** False for nodes that only scope their children and are not symbols themselves (a Rust `impl`). */
  readonly emit?: boolean;
  /** The type a top-level definition belongs to (a Go method's receiver type), prefixed to its qualified name. */
  readonly owner?: (node: Node) => string | undefined;
  /**
   * For a node that is not a symbol itself: a child whose children are walked in the current scope, e.g. the
   * object literal of `module.exports = { parse() {…} }`.
   */
  readonly walk?: (node: Node) => Node | null | undefined;
}

/** The per-language table the declaration walk runs on. */
export interface LanguageRules {
  /** The grammar's file in tree-sitter-wasms: `out/tree-sitter-<grammar>.wasm`. */
  readonly grammar: string;
  /** Declaration node type → rule. Only nodes reached through scopes and transparent nodes are looked at. */
  readonly declarations: Readonly<Record<string, DeclarationRule>>;
  /** Node types walked through without adding a scope: bodies, `export`, namespaces, preprocessor blocks. */
  readonly transparent: readonly string[];
  /** Transparent wrappers whose first line the wrapped declaration starts at (decorators, `template <…>`). */
  readonly wrappers?: readonly string[];
  /** Method names that are constructors (`__init__`, `constructor`, `initialize`). */
  readonly constructors?: readonly string[];
}
