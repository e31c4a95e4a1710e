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
