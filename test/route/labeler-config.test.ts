import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildSettingsAreaMap, labelsCovering, mergeAreaMaps, type AreaMap } from "../../src/route/area-map.js";
import { MAX_AREA_LABELS, parseLabelerConfig } from "../../src/route/parse-labeler-config.js";

function covering(map: AreaMap, path: string): string[] {
  return labelsCovering(map, path).map((l) => l.label);
}

// actions/labeler v4's README examples (tag v4.3.0).
const V4 = `
label1:
- example/**
label2: example2/*
label3:
- '**/*.txt'
repo:
- '*'
'@domain/core':
- package/core/**
test:
- src/**/*.spec.js
source:
- any: ['src/**', '!src/docs/*']
frontend:
- any: ['src/**/*.js']
  all: ['!src/main.js']
`;

// actions/labeler v5's README examples and test fixtures (tag v7.0.0).
const V5 = `
changed-files-labels-limit: 5
root:
- changed-files:
  - any-glob-to-any-file: '*'
AnyChange:
- changed-files:
  - any-glob-to-any-file: '**'
Documentation:
- changed-files:
  - any-glob-to-any-file: ['docs/*', 'guides/*']
source:
- all:
  - changed-files:
    - any-glob-to-any-file: 'src/**/*'
    - all-globs-to-all-files: '!src/docs/*'
tests:
  - any:
      - head-branch: ['^tests/', '^test/']
      - changed-files:
          - any-glob-to-any-file: ['tests/**/*']
  - all:
      - changed-files:
          - all-globs-to-all-files: ['!tests/requirements.txt']
label2:
  - changed-files:
      - any-glob-to-any-file: ['glob']
  - head-branch: ['regexp']
  - base-branch: ['regexp']
feature:
 - head-branch: ['^feature', 'feature']
release:
 - base-branch: 'main'
`;

describe("labeler.yml, v4", () => {
  const { map, problems, branchRules } = parseLabelerConfig(V4);

  it("reads every label of the README without a problem", () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(branchRules, []);
    assert.deepEqual(map.labels.map((l) => l.label), ["label1", "label2", "label3", "repo", "@domain/core", "test", "source", "frontend"]);
  });

  it("matches one file as labeler matches a pull request changing only that file", () => {
    assert.deepEqual(covering(map, "example/a/b.py"), ["label1"]);
    assert.deepEqual(covering(map, "example2/x.go"), ["label2"]);
    assert.deepEqual(covering(map, "example2/deeper/x.go"), [], "* stays in one folder");
    assert.deepEqual(covering(map, "notes/todo.txt"), ["label3"]);
    assert.deepEqual(covering(map, "README.md"), ["repo"], "'*' is a root file only (minimatch, no matchBase)");
    assert.deepEqual(covering(map, "package/core/index.ts"), ["@domain/core"]);
    assert.deepEqual(covering(map, "src/a/b.spec.js"), ["test", "source", "frontend"]);
    assert.deepEqual(covering(map, "src/docs/guide.md"), [], "`any: [src/**, !src/docs/*]` needs every glob");
    assert.deepEqual(covering(map, "src/main.js"), ["source"], "`all: ['!src/main.js']` keeps frontend off main.js");
  });

  it("leaves dot folders out as v4's default `dot: false` does", () => {
    assert.deepEqual(covering(map, "example/.hidden/x"), []);
    assert.deepEqual(covering(map, ".github/notes.txt"), []);
  });
});

describe("labeler.yml, v5", () => {
  const { map, problems, branchRules } = parseLabelerConfig(V5);

  it("reads the file-based rules, skips top-level options and notes the branch rules it ignores", () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(map.labels.map((l) => l.label), ["root", "AnyChange", "Documentation", "source", "tests", "label2"]);
    assert.deepEqual(branchRules, ["tests", "label2", "feature", "release"], "labels decided by branches alone are never applied");
  });

  it("matches one file with v5's matchers", () => {
    assert.deepEqual(covering(map, "README.md"), ["root", "AnyChange"]);
    assert.deepEqual(covering(map, ".github/workflows/ci.yml"), ["AnyChange"], "v5 matches dot folders by default");
    assert.deepEqual(covering(map, "guides/setup.md"), ["AnyChange", "Documentation"]);
    assert.deepEqual(covering(map, "src/app/main.py"), ["AnyChange", "source"]);
    assert.deepEqual(covering(map, "src/docs/a.md"), ["AnyChange"], "all-globs-to-all-files: '!src/docs/*' excludes it");
    assert.deepEqual(covering(map, "tests/unit/test_a.py"), ["AnyChange", "tests"]);
    assert.deepEqual(covering(map, "tests/requirements.txt"), ["AnyChange"]);
    assert.deepEqual(covering(map, "glob"), ["root", "AnyChange", "label2"], "a file rule beside branch rules still decides");
  });

  it("supports braces and classes as minimatch does", () => {
    const parsed = parseLabelerConfig("web:\n- changed-files:\n  - any-glob-to-any-file: ['src/{web,ui}/**', 'lib/[a-c]*.ts']\n");
    assert.deepEqual(covering(parsed.map, "src/ui/button.tsx"), ["web"]);
    assert.deepEqual(covering(parsed.map, "lib/b.ts"), ["web"]);
    assert.deepEqual(covering(parsed.map, "lib/d.ts"), []);
    assert.deepEqual(covering(parsed.map, "src/api/x.ts"), []);
  });
});

describe("labeler.yml, bad input", () => {
  it("names broken YAML and reads no label", () => {
    const { map, problems } = parseLabelerConfig("area/ui: [src/ui/**\n");
    assert.equal(map.labels.length, 0);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /^not valid YAML: .+; no label is read from it$/);
    assert.equal(problems[0].file, ".github/labeler.yml");
  });

  it("names a file that is not a mapping, a bad entry and an unknown option, and keeps the good labels", () => {
    assert.deepEqual(parseLabelerConfig("- a\n- b\n").problems.map((p) => p.message), ["expected a mapping of labels to globs; no label is read from it"]);
    const { map, problems } = parseLabelerConfig([
      "good: ['src/**']",
      "number: 42",
      "bad-files:\n- changed-files:\n  - some-glob: ['x']",
      "unknown:\n  - all:\n      - unknown: 'this-is-not-supported'",
      "\"\": ['a/**']",
      "\"line\\nbreak\": ['a/**']",
      "ext: ['src/@(a|b)/**', 'src/ok/**']",
    ].join("\n"));
    assert.deepEqual(map.labels.map((l) => l.label), ["good", "ext"]);
    assert.deepEqual(problems.map((p) => `${p.path}: ${p.message}`), [
      "number: expected a glob or a list of globs or match rules; the label is not read",
      "bad-files: unknown `changed-files` option `some-glob`; the label is not read",
      "unknown: unknown key `unknown` (ignored)",
      ": a label name must not be empty",
      "line\nbreak: a label name must not hold control characters or line breaks",
      "ext: extended globs such as `@(a|b)` are not supported: `src/@(a|b)/**` (ignored)",
    ]);
  });

  it("reads labels with odd characters as they are", () => {
    const { map, problems } = parseLabelerConfig("'🐛 area: ui, web': ['ui/**']\n'a/b:c <x>': ['x/**']\n");
    assert.deepEqual(problems, []);
    assert.deepEqual(covering(map, "ui/a.ts"), ["🐛 area: ui, web"]);
    assert.deepEqual(covering(map, "x/y"), ["a/b:c <x>"]);
  });

  it("stops at its caps with one problem, in bounded time, on huge files and alias bombs", () => {
    const many = Array.from({ length: MAX_AREA_LABELS + 50 }, (_, i) => `label${i}: ['src/m${i}/**']`).join("\n");
    const started = performance.now();
    const parsed = parseLabelerConfig(many);
    assert.equal(parsed.map.labels.length, MAX_AREA_LABELS);
    assert.deepEqual(parsed.problems.map((p) => p.message), [`more than ${MAX_AREA_LABELS} labels: the rest are not read`]);
    const globs = parseLabelerConfig(`big: [${Array.from({ length: 6_000 }, (_, i) => `'g${i}/**'`).join(", ")}]`);
    assert.deepEqual(globs.problems.map((p) => p.message), ["more than 5000 globs: the rest are not read"]);
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join("\n");
    assert.match(parseLabelerConfig(bomb).problems[0]?.message ?? "", /^(not valid YAML|expected a glob)/);
    const deep = `x: ${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    assert.ok(parseLabelerConfig(deep).problems.length >= 1);
    const braces = parseLabelerConfig(`x: ['${"{a,b}".repeat(10)}']`);
    assert.deepEqual(braces.problems.map((p) => p.message), [`braces expand to more than 64 patterns: \`${"{a,b}".repeat(10)}\` (ignored)`]);
    assert.ok(performance.now() - started < 20_000, "bounded time");
  });
});

describe("labels.areas over the labeler's map", () => {
  it("adds and replaces labels, folder globs and exclusions included", () => {
    const labeler = parseLabelerConfig("docs: ['docs/**']\nui: ['src/ui/**']\n").map;
    const { map: areas, problems } = buildSettingsAreaMap({ UI: ["src/web/", "!src/web/vendor/**"], billing: ["src/billing/**"] });
    assert.deepEqual(problems, []);
    const merged = mergeAreaMaps(labeler, areas);
    assert.deepEqual(merged.labels.map((l) => `${l.label}:${l.source}`), ["docs:labeler", "UI:settings", "billing:settings"]);
    assert.deepEqual(covering(merged, "src/ui/a.ts"), [], "the settings' UI replaced the labeler's ui");
    assert.deepEqual(covering(merged, "src/web/app/a.ts"), ["UI"]);
    assert.deepEqual(covering(merged, "src/web/vendor/x.js"), []);
    assert.deepEqual(covering(merged, "docs/a.md"), ["docs"]);
  });
});
