import assert from "node:assert/strict";
import { test } from "node:test";
import { detectLanguage } from "../../src/index/detect-language.js";
import type { Language } from "../../src/index/types.js";

const EXAMPLES: Record<Language, readonly string[]> = {
  python: ["app/models.py", "stubs/x.pyi", "conf/app_name/settings.py-tpl"],
  javascript: ["index.js", "lib/a.mjs", "lib/b.cjs", "ui/App.jsx"],
  typescript: ["src/app.ts", "src/x.mts", "src/y.cts"],
  tsx: ["ui/Page.tsx"],
  vue: ["src/components/TodoList.vue"],
  svelte: ["src/lib/Counter.svelte"],
  java: ["src/Main.java"],
  kotlin: ["app/Main.kt", "build.gradle.kts"],
  go: ["cmd/main.go"],
  rust: ["src/lib.rs"],
  c: ["src/main.c", "include/api.h"],
  cpp: ["src/a.cpp", "src/b.cc", "src/c.cxx", "include/d.hpp", "include/e.hh"],
  csharp: ["src/Program.cs"],
  ruby: ["lib/a.rb", "Rakefile", "Gemfile", "x.gemspec"],
  php: ["index.php"],
  scala: ["src/Main.scala"],
  swift: ["Sources/App.swift"],
  lua: ["init.lua"],
  bash: ["scripts/run.sh", "x.bash"],
  markdown: ["README.md", "docs/x.markdown"],
  rst: ["docs/index.rst"],
  json: ["package.json"],
  yaml: [".github/workflows/ci.yml", "config.yaml"],
  toml: ["pyproject.toml", "Cargo.lock"],
  html: ["templates/base.html", "x.htm"],
  css: ["static/site.css", "x.scss"],
  text: ["LICENSE", "AUTHORS", "notes.txt", "locale/de/django.po", "weird.constructor"],
};

test("every language is detected from its extensions and well-known file names", () => {
  for (const [language, paths] of Object.entries(EXAMPLES)) {
    for (const path of paths) assert.equal(detectLanguage(path), language, path);
  }
});

test("extensions are case-insensitive", () => {
  assert.equal(detectLanguage("SRC/MAIN.PY"), "python");
  assert.equal(detectLanguage("Legacy.CPP"), "cpp");
});

test("a file without a telling name falls back to its shebang", () => {
  assert.equal(detectLanguage("bin/manage", "#!/usr/bin/env python3"), "python");
  assert.equal(detectLanguage("bin/cli", "#!/usr/bin/env node"), "javascript");
  assert.equal(detectLanguage("bin/build", "#!/bin/bash -e"), "bash");
  assert.equal(detectLanguage("bin/task", "#!/usr/bin/ruby"), "ruby");
  assert.equal(detectLanguage("bin/plain", "just text"), "text");
  // The name wins over the shebang.
  assert.equal(detectLanguage("tool.rb", "#!/usr/bin/env python"), "ruby");
});
