import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { parseSettings } from "../../src/triage/parse-settings.js";
import { defaultSettings } from "../../src/triage/settings-schema.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startTestApp, type TestApp } from "./app-harness.js";
import { issuesOpened } from "./payloads.js";
import { expectedFooter } from "./expected-footer.js";

describe("parseSettings", () => {
  it("gives the documented defaults for an empty or missing file", () => {
    assert.deepEqual(parseSettings(null), { settings: defaultSettings(), problems: [] });
    assert.deepEqual(defaultSettings(), {
      enabled: true,
      trigger: { on_open: true, labels: [], ignore_labels: [], ignore_bots: true, on_edit: true },
      ranking: { mode: "auto", top_k: 5, min_relative_score: 0.4, min_confidence: 0.35, latency_budget_ms: 5000, history_weight: 0.1 },
      paths: { include: [], exclude: [] },
      comment: { show_scores: false, show_symbols: true, collapsed: false, header: "", footer: "", show_details: true, below_confidence: "silent", show_accuracy: false },
      commands: { enabled: true, allow: "collaborators" },
      labels: { from_labeler: true, areas: {}, min_confidence: defaultSettings().labels.min_confidence, max: 1 },
      issue_types: { labels: {}, learn: true },
      owners: "show",
      dry_run: false,
    });
  });

  it("keeps good values and replaces each bad one by its default, with one problem per key", () => {
    const { settings, problems } = parseSettings({
      enabled: "yes",
      ranking: { mode: "fast", top_k: 500, min_confidence: 0.5, latency_budget_ms: 2000.5 },
      trigger: { labels: ["bug", 7], ignore_bots: false },
      comment: { header: "x".repeat(5000), footer: "thanks" },
      paths: "src",
      top_k: 3,
      commmands: {},
    });

    assert.equal(settings.enabled, true);
    assert.deepEqual(settings.ranking, { mode: "auto", top_k: 5, min_relative_score: 0.4, min_confidence: 0.5, latency_budget_ms: 5000, history_weight: 0.1 });
    assert.deepEqual(settings.trigger, { on_open: true, labels: [], ignore_labels: [], ignore_bots: false, on_edit: true });
    assert.equal(settings.comment.header, "");
    assert.equal(settings.comment.footer, "thanks");
    assert.deepEqual(settings.paths, { include: [], exclude: [] });
    assert.deepEqual(problems, [
      { path: "top_k", message: "unknown key" },
      { path: "commmands", message: 'unknown key (did you mean "commands"?)' },
      { path: "enabled", message: "expected boolean, got string" },
      { path: "trigger.labels", message: "expected string, got number (item 1)" },
      { path: "ranking.mode", message: 'expected one of "auto", "bm25", "dense", "hybrid"' },
      { path: "ranking.top_k", message: "must be at most 20" },
      { path: "ranking.latency_budget_ms", message: "expected integer, got float" },
      { path: "paths", message: "expected a mapping of keys, got a string" },
      { path: "comment.header", message: "longer than 1000 characters" },
    ]);
  });

  it("reads labels and owners, and names a bad area map without losing the rest", () => {
    const good = parseSettings({ labels: { areas: { "area/ui": ["src/ui/", "!src/ui/vendor/**"] }, max: 2 }, owners: "assign", trigger: { on_edit: false } });
    assert.deepEqual(good.problems, []);
    assert.deepEqual(good.settings.labels.areas, { "area/ui": ["src/ui/", "!src/ui/vendor/**"] });
    assert.equal(good.settings.owners, "assign");
    const bad = parseSettings({
      labels: { areas: { ui: "src/ui/**" }, min_confidence: 2, max: -1, from_labeler: "no" },
      owners: "everyone",
    });
    assert.deepEqual(bad.problems, [
      { path: "labels.from_labeler", message: "expected boolean, got string" },
      { path: "labels.areas", message: "expected array, got string (item ui)" },
      { path: "labels.min_confidence", message: "must be at most 1" },
      { path: "labels.max", message: "must be at least 0" },
      { path: "owners", message: 'expected one of "show", "mention", "assign", "off"' },
    ]);
    assert.deepEqual(bad.settings.labels, defaultSettings().labels);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`l${i}`, ["x/**"]]));
    assert.deepEqual(parseSettings({ labels: { areas: many } }).problems, [{ path: "labels.areas", message: "more than 100 labels" }]);
    assert.deepEqual(parseSettings({ labels: { areas: { ["x".repeat(101)]: ["a"] } } }).problems.map((p) => p.path), ["labels.areas"]);
  });

  it("reports a file that is not a mapping", () => {
    assert.deepEqual(parseSettings(["a"]).problems, [{ path: "(file)", message: "expected a mapping of keys, got a list" }]);
    assert.deepEqual(parseSettings(42).problems, [{ path: "(file)", message: "expected a mapping of keys, got a number" }]);
  });
});

describe("settings in the app", () => {
  const SHA = "3333333333333333333333333333333333333333";
  const REPO = { owner: "acme", name: "shop", installationId: 42 };
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let app: TestApp;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(async () => {
    assert.deepEqual(fake.unexpected, [], "the fake GitHub saw no unexpected request");
    await fake.close();
  });
  beforeEach(async () => {
    repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([{ name: "acme-shop-3333333/app.py", content: "def dispatch():\n    pass\n" }]));
    app = await startTestApp(fake);
    app.index.ranking = {
      mode: "bm25",
      reason: "no embedding key configured",
      ms: 3,
      confidence: 0.75,
      files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch", "route", "handler"], words: ["dispatch", "route", "handler"] } }],
    };
  });

  async function commentFor(settings: string | undefined, orgSettings?: string): Promise<string | undefined> {
    if (settings === undefined) delete repo.settings;
    else repo.settings = settings;
    if (orgSettings === undefined) fake.orgSettings.delete("acme");
    else fake.orgSettings.set("acme", orgSettings);
    await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "" }));
    await app.close();
    assert.deepEqual(fake.unexpected, []);
    return repo.comments.get(1)?.[0]?.body;
  }

  it("shows settings problems in the comment and uses defaults for the bad parts", async () => {
    const body = await commentFor("ranking:\n  top_k: 0\n  mode: dense\nfoo: 1\ncomment:\n  footer: Thanks from the team\n");

    assert.ok(app.index.rankRequests[0].request.mode === "dense" && app.index.rankRequests[0].request.topK === 5);
    assert.equal(body, [
      "<!-- bugscout -->",
      "",
      "**BugScout**: the file most likely to need a change:",
      "",
      `1. [app\\.py](https://github.example/acme/shop/blob/${SHA}/app.py) — matches \`dispatch\`, \`route\`, \`handler\``,
      "",
      "Thanks from the team",
      "",
      ...expectedFooter("mode bm25: no embedding key configured · confidence 0.75 · ranked in 3 ms · commit 3333333 · `/bugscout help` for commands", [
        "**Settings problems** in `.github/bugscout.yml` (defaults used instead):",
        "- `foo`: unknown key",
        "- `ranking.top_k`: must be at least 1",
      ]),
    ].join("\n"));
  });

  it("turns malformed YAML into a settings problem with all defaults", async () => {
    const body = await commentFor("ranking: [top_k: 3\n  mode: : :\n");

    assert.match(body ?? "", /\n\*\*Settings problems\*\* in `\.github\/bugscout\.yml` \(defaults used instead\):\n- `\(file\)`: the file is not valid YAML/);
    assert.match(body ?? "", /all defaults are used\n\n<\/details>\n$/);
  });

  it("reads the organization's .github repository and follows _extends", async () => {
    const body = await commentFor(undefined, "comment:\n  header: Org-wide header\n");
    assert.match(body ?? "", /^<!-- bugscout -->\n\nOrg-wide header\n\n\*\*BugScout\*\*/);
  });

  it("a repository file with _extends merges over the base, lists replaced not concatenated", async () => {
    const base = "_extends: .github\n";
    repo.roles.clear();
    fake.orgSettings.set("acme", "paths:\n  exclude: [docs]\ncomment:\n  header: Base header\n");
    repo.settings = `${base}paths:\n  exclude: [tests]\n`;
    await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "" }));
    await app.close();

    assert.deepEqual(app.index.rankRequests[0].request.exclude, ["tests"]);
    assert.match(repo.comments.get(1)?.[0]?.body ?? "", /^<!-- bugscout -->\n\nBase header\n\n/);
  });
});
