import type { Node } from "web-tree-sitter";
import type { SymbolKind } from "../types.js";
import type { DeclarationRule, LanguageRules } from "./rule-types.js";

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);

/**
 * The options of a Vue component whose members are the component's methods: `methods: { save() {…} }`,
 * `computed: { total() {…} }`, `watch: { query(value) {…} }`. Other options (`props`, `data`, `emits`) hold values
 * whose function members (`default: () => []`, `validator`) are not what an issue names.
 */
const METHOD_OPTIONS = new Set(["methods", "computed", "watch"]);

/** Calls that wrap a component's options object (for types, or Vue 2's constructor): `defineComponent({ … })`. */
const OPTIONS_CALLS = new Set(["defineComponent", "defineNuxtComponent", "Vue.extend"]);

/** `export default defineComponent({ … })`: the options object's argument list. */
function optionsArguments(node: Node): Node | undefined {
  if (!OPTIONS_CALLS.has(node.childForFieldName("function")?.text ?? "")) return undefined;
  const args = node.childForFieldName("arguments");
  return args?.namedChildren[0]?.type === "object" ? args : undefined;
}

/** A member of the options object: a function (`load: function () {…}`) is a method, `methods: {…}` is walked. */
const OPTION_PAIR: DeclarationRule = {
  kind: (node) => (FUNCTION_VALUES.has(node.childForFieldName("value")?.type ?? "") ? "method" : undefined),
  name: (node) => node.childForFieldName("key")?.text.replace(/^["']|["']$/g, ""),
  walk: (node) => {
    const value = node.childForFieldName("value");
    const key = node.childForFieldName("key")?.text.replace(/^["']|["']$/g, "");
    return value?.type === "object" && key !== undefined && METHOD_OPTIONS.has(key) ? value : undefined;
  },
};

/**
 * The component's props in Svelte 4: `export let value = 0;` is a property of the component (an issue names props
 * as often as functions). A `const` bound to a function stays a function, as in any script.
 */
function componentBinding(base: DeclarationRule): DeclarationRule {
  return {
    ...base,
    kind: (node, scope): SymbolKind | undefined => {
      const kind = typeof base.kind === "function" ? base.kind(node, scope) : base.kind;
      if (kind !== undefined || scope !== undefined) return kind;
      const declaration = node.parent;
      return declaration?.parent?.type === "export_statement" && declaration.firstChild?.type === "let" ? "property" : undefined;
    },
  };
}

/**
 * The rules of a single-file component's script (`component-script.ts`): the script language's own rules, plus
 * the component itself as Vue's options API writes it — `export default { … }` or
 * `export default defineComponent({ … })`, whose function members and `methods`/`computed`/`watch` entries are
 * the component's methods — and Svelte's exported `let` props. Plain `.js`/`.ts` modules keep their own rules:
 * an exported object there is configuration as often as code.
 */
export function componentRules(script: LanguageRules): LanguageRules {
  const variable = script.declarations.variable_declarator;
  return {
    ...script,
    declarations: {
      ...script.declarations,
      ...(variable ? { variable_declarator: componentBinding(variable) } : {}),
      pair: OPTION_PAIR,
      // Not a symbol; an options call is walked into its object, any other call like a transparent node (its
      // callee only), which is what the script rules do with every call.
      call_expression: { kind: () => undefined, walk: (node) => optionsArguments(node) ?? node },
    },
    transparent: [...script.transparent, "object"],
  };
}
