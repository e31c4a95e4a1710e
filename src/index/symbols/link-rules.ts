import type { Language } from "../types.js";

const JS_IMPORTS = `
    (import_statement source: (string) @import)
    (export_statement source: (string) @import)
    (call_expression function: (identifier) @call arguments: (arguments . (string) @import))
    (call_expression function: (import) @call arguments: (arguments . (string) @import))`;

/** TypeScript's class heritage has extends and implements clauses (JavaScript's is a bare expression). */
const TS_LINKS = `${JS_IMPORTS}
    (class_declaration name: (_) @name (class_heritage (extends_clause value: (_) @super)))
    (class_declaration name: (_) @name (class_heritage (implements_clause (_) @super)))
    (abstract_class_declaration name: (_) @name (class_heritage (extends_clause value: (_) @super)))
    (abstract_class_declaration name: (_) @name (class_heritage (implements_clause (_) @super)))
    (interface_declaration name: (_) @name (extends_type_clause (_) @super))`;

/**
 * Tree-sitter queries for what a file imports and which types its types extend, per grammar. Captures:
 * - `@import`: a node whose text names one imported module (normalised by `normaliseImport` for the language);
 * - `@use`: a node whose text may name several (`use a::{b, c}`, `from a import b, c`, `use A\{B, C}`), expanded;
 * - `@call` + `@import`: `require("x")`-style calls, kept when `@call` is one of `LINK_CALLS`;
 * - `@name` + `@super`: a type and one of its supertypes (base class, interface, trait, embedded struct).
 * Queries run inside the parser's WASM over the whole tree, so an import inside a function body counts too (Python's
 * lazy imports, a Go test's helpers) while the JavaScript side only sees the matches.
 */
export const LINK_QUERIES: Readonly<Partial<Record<Language, string>>> = {
  python: `
    (import_statement name: (dotted_name) @import)
    (import_statement name: (aliased_import name: (dotted_name) @import))
    (import_from_statement) @use
    (class_definition name: (identifier) @name superclasses: (argument_list [(identifier) (attribute)] @super))`,
  java: `
    (import_declaration) @import
    (class_declaration name: (identifier) @name superclass: (superclass (_) @super))
    (class_declaration name: (identifier) @name interfaces: (super_interfaces (type_list (_) @super)))
    (enum_declaration name: (identifier) @name interfaces: (super_interfaces (type_list (_) @super)))
    (interface_declaration name: (identifier) @name (extends_interfaces (type_list (_) @super)))`,
  kotlin: `
    (import_header) @import
    (class_declaration (type_identifier) @name (delegation_specifier) @super)
    (object_declaration (type_identifier) @name (delegation_specifier) @super)`,
  go: `
    (import_spec path: (_) @import)
    (type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list (field_declaration !name type: (_) @super))))`,
  rust: `
    (mod_item !body name: (identifier) @import)
    (use_declaration argument: (_) @use)
    (impl_item trait: (_) @super type: (_) @name)
    (trait_item name: (_) @name bounds: (trait_bounds (_) @super))`,
  c: `(preproc_include path: (_) @import)`,
  cpp: `
    (preproc_include path: (_) @import)
    (class_specifier name: (_) @name (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @super))
    (struct_specifier name: (_) @name (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @super))`,
  csharp: `
    (using_directive (_) @import)
    (class_declaration name: (identifier) @name (base_list (_) @super))
    (struct_declaration name: (identifier) @name (base_list (_) @super))
    (interface_declaration name: (identifier) @name (base_list (_) @super))`,
  ruby: `
    (call method: (identifier) @call arguments: (argument_list . (string (string_content) @import)))
    (class name: (_) @name superclass: (superclass (_) @super))`,
  javascript: `${JS_IMPORTS}
    (class_declaration name: (_) @name (class_heritage (_) @super))`,
  typescript: TS_LINKS,
  tsx: TS_LINKS,
  php: `
    (namespace_use_declaration) @use
    (class_declaration name: (name) @name (base_clause (_) @super))
    (class_declaration name: (name) @name (class_interface_clause (_) @super))
    (interface_declaration name: (name) @name (base_clause (_) @super))`,
};

/** Function calls whose first string argument is a module: CommonJS, dynamic `import()`, Ruby's requires. */
export const LINK_CALLS: ReadonlySet<string> = new Set(["require", "import", "require_relative", "load", "autoload"]);

/**
 * Per grammar, words of which every `LINK_QUERIES` pattern's root node spans at least one: the keyword of an import,
 * a use or an include, of a class-like header, or a module-loading call's name (`LINK_CALLS`; other calls' matches
 * are dropped anyway). `anchoredMatches` queries only the lines holding one, which finds the same links as a walk of
 * the whole tree. Go's grouped imports have their keyword on another line than each spec, so Go anchors on the
 * quote of the path instead. A language missing here is queried over the whole tree.
 */
export const LINK_ANCHORS: Readonly<Partial<Record<Language, RegExp>>> = {
  python: /\b(?:import|from|class)\b/g,
  java: /\b(?:import|class|enum|interface)\b/g,
  kotlin: /\b(?:import|class|interface|object)\b/g,
  go: /["`]|\bstruct\b/g,
  rust: /\b(?:mod|use|impl|trait)\b/g,
  c: /\binclude\b/g,
  cpp: /\b(?:include|class|struct)\b/g,
  csharp: /\b(?:using|class|struct|interface)\b/g,
  ruby: /\b(?:require|require_relative|load|autoload|class)\b/g,
  javascript: /\b(?:import|export|require|load|autoload|require_relative|class)\b/g,
  typescript: /\b(?:import|export|require|load|autoload|require_relative|class|interface)\b/g,
  tsx: /\b(?:import|export|require|load|autoload|require_relative|class|interface)\b/g,
  php: /\b(?:use|class|interface)\b/g,
};
