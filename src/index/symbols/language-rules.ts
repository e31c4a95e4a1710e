import type { Language } from "../types.js";
import type { LanguageRules } from "./rule-types.js";
import { JAVASCRIPT_RULES, TSX_RULES, TYPESCRIPT_RULES } from "./rules-javascript.js";
import { CSHARP_RULES, JAVA_RULES, KOTLIN_RULES } from "./rules-jvm-dotnet.js";
import { PHP_RULES, PYTHON_RULES, RUBY_RULES } from "./rules-scripting.js";
import { SCALA_RULES, SWIFT_RULES } from "./rules-swift-scala.js";
import { C_RULES, CPP_RULES, GO_RULES, RUST_RULES } from "./rules-systems.js";

/** The languages parsed for symbols. Every other language gets line windows. */
export const LANGUAGE_RULES: Readonly<Partial<Record<Language, LanguageRules>>> = {
  python: PYTHON_RULES,
  javascript: JAVASCRIPT_RULES,
  typescript: TYPESCRIPT_RULES,
  tsx: TSX_RULES,
  java: JAVA_RULES,
  kotlin: KOTLIN_RULES,
  go: GO_RULES,
  rust: RUST_RULES,
  c: C_RULES,
  cpp: CPP_RULES,
  csharp: CSHARP_RULES,
  ruby: RUBY_RULES,
  php: PHP_RULES,
  swift: SWIFT_RULES,
  scala: SCALA_RULES,
};
