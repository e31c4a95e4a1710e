import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { parseSettings, stopsBugScout } from "../../src/triage/parse-settings.js";
import { defaultSettings } from "../../src/triage/settings-schema.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { issueCommentCreated, issuesOpened, push } from "./payloads.js";
import { expectedFooter } from "./expected-footer.js";

describe("parseSettings", () => {
  it("gives the documented defaults for an empty or missing file", () => {
    assert.deepEqual(parseSettings(null), { settings: defaultSettings(), problems: [] });
    assert.deepEqual(defaultSettings(), {
      enabled: true,
      trigger: { on_open: true, labels: [], types: ["bug"], other_types_confidence: 0.5, ignore_labels: [], ignore_bots: true, on_edit: true },
      ranking: { mode: "auto", top_k: 5, min_relative_score: 0.4, min_confidence: 0.15, latency_budget_ms: 5000, history_weight: 0.1 },
      paths: { include: [], exclude: [] },
      comment: { show_scores: false, show_symbols: true, collapsed: false, header: "", footer: "", show_details: true, below_confidence: "silent", show_accuracy: false },
      commands: { enabled: true, allow: "collaborators" },
      labels: { from_labeler: true, areas: {}, min_confidence: defaultSettings().labels.min_confidence, max: 1 },
      issue_types: { labels: {}, learn: true },
      owners: "show",
      max_owners: 2,
      dry_run: false,
    });
  });

  it("keeps good values, reads plain intent leniently, and replaces each bad one by its default, with one problem per key", () => {
    const { settings, problems } = parseSettings({
      enabled: "yes",
      ranking: { mode: "fast", top_k: 500, min_confidence: 0.5, latency_budget_ms: 2000.5 },
      trigger: { labels: ["bug", 7], ignore_bots: "off", ignore_labels: "enhancement", on_edit: "False" },
      comment: { header: "x".repeat(5000), footer: "thanks", collapsed: "maybe" },
      paths: "src",
      top_k: 3,
      commmands: {},
    });

    assert.equal(settings.enabled, true);
    assert.deepEqual(settings.ranking, { mode: "auto", top_k: 20, min_relative_score: 0.4, min_confidence: 0.5, latency_budget_ms: 5000, history_weight: 0.1 });
    assert.deepEqual(settings.trigger, { on_open: true, labels: [], types: ["bug"], other_types_confidence: 0.5, ignore_labels: ["enhancement"], ignore_bots: false, on_edit: false });
    assert.equal(settings.comment.header, "");
    assert.equal(settings.comment.footer, "thanks");
    assert.equal(settings.comment.collapsed, false);
    assert.deepEqual(settings.paths, { include: [], exclude: [] });
    assert.deepEqual(problems, [
      { path: "top_k", message: "unknown key", level: "warning" },
      { path: "commmands", message: 'unknown key (did you mean "commands"?)', level: "warning" },
      { path: "trigger.labels", message: "expected string, got number (item 1)", level: "warning" },
      { path: "ranking.mode", message: 'expected one of "auto", "bm25", "dense", "hybrid"', level: "warning" },
      { path: "ranking.top_k", message: "out of range (1 to 20): 500 is read as 20", level: "warning" },
      { path: "ranking.latency_budget_ms", message: "expected integer, got float", level: "warning" },
      { path: "paths", message: "expected a mapping of keys, got a string", level: "warning" },
      { path: "comment.collapsed", message: "expected boolean, got string", level: "warning" },
      { path: "comment.header", message: "longer than 1000 characters", level: "warning" },
    ]);
  });

  it("stops BugScout when a safety key is not understood, and never when another key is bad", () => {
    for (const [raw, enabled, dryRun] of [[{ enabled: "no" }, false, false], [{ enabled: "false" }, false, false], [{ enabled: "OFF", dry_run: "on" }, false, true], [{ dry_run: "True" }, true, true]] as const) {
      const parsed = parseSettings(raw);
      assert.deepEqual([parsed.settings.enabled, parsed.settings.dry_run, parsed.problems], [enabled, dryRun, []], JSON.stringify(raw));
    }
    const unsure = parseSettings({ enabled: "maybe", dry_run: 1, ranking: { top_k: 3 } });
    assert.deepEqual(unsure.problems.map((p) => [p.path, p.level]), [["enabled", "error"], ["dry_run", "error"]]);
    assert.equal(stopsBugScout(unsure.problems), true);
    assert.equal(stopsBugScout(parseSettings({ dry_run: true, ranking: { mode: "fast" }, labels: "x" }).problems), false);
  });

  it("reads labels and owners, and names a bad area map without losing the rest", () => {
    const good = parseSettings({ labels: { areas: { "area/ui": ["src/ui/", "!src/ui/vendor/**"] }, max: 2 }, owners: "assign", trigger: { on_edit: false } });
    assert.deepEqual(good.problems, []);
    assert.deepEqual(good.settings.labels.areas, { "area/ui": ["src/ui/", "!src/ui/vendor/**"] });
    assert.equal(good.settings.owners, "assign");
    const bad = parseSettings({
      labels: { areas: { ui: 7 }, min_confidence: 2, max: -1, from_labeler: "nope" },
      owners: "everyone",
    });
    assert.deepEqual(bad.problems.map(({ path, message }) => ({ path, message })), [
      { path: "labels.from_labeler", message: "expected boolean, got string" },
      { path: "labels.areas", message: "expected array, got number (item ui)" },
      { path: "labels.min_confidence", message: "out of range (0 to 1): 2 is read as 1" },
      { path: "labels.max", message: "out of range (0 to 10): -1 is read as 0" },
      { path: "owners", message: 'expected one of "show", "mention", "assign", "off"' },
    ]);
    assert.deepEqual(bad.settings.labels, { ...defaultSettings().labels, min_confidence: 1, max: 0 });
    assert.deepEqual(parseSettings({ labels: { areas: { ui: "src/ui/**" }, from_labeler: "no" } }).settings.labels.areas, { ui: ["src/ui/**"] }, "a string is a one-item list, in a map too");
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`l${i}`, ["x/**"]]));
    assert.deepEqual(parseSettings({ labels: { areas: many } }).problems, [{ path: "labels.areas", message: "more than 100 labels", level: "warning" }]);
    assert.deepEqual(parseSettings({ labels: { areas: { ["x".repeat(101)]: ["a"] } } }).problems.map((p) => p.path), ["labels.areas"]);
  });

  it("reports a file that is not a mapping, as a problem that stops BugScout", () => {
    assert.deepEqual(parseSettings(["a"]).problems, [{ path: "(file)", message: "expected a mapping of keys, got a list", level: "error" }]);
    assert.deepEqual(parseSettings(42).problems, [{ path: "(file)", message: "expected a mapping of keys, got a number", level: "error" }]);
  });
});

describe("settings in the app", () => {
  const SHA = "3333333333333333333333333333333333333333";
  const REPO = { owner: "acme", name: "shop", installationId: 42 };
  const gh = appHarness({
    repo: { ...REPO, headSha: SHA },
    tarball: () => buildTarball([{ name: "acme-shop-3333333/app.py", content: "def dispatch():\n    pass\n" }]),
    app: {},
  });
  beforeEach(() => {
    gh.app.index.ranking = {
      mode: "bm25",
      reason: "no embedding key configured",
      ms: 3,
      confidence: 0.75,
      files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch", "route", "handler"], words: ["dispatch", "route", "handler"] } }],
    };
  });

  async function commentFor(settings: string | undefined, orgSettings?: string): Promise<string | undefined> {
    if (settings === undefined) delete gh.repo.settings;
    else gh.repo.settings = settings;
    if (orgSettings === undefined) gh.fake.orgSettings.delete("acme");
    else gh.fake.orgSettings.set("acme", orgSettings);
    await gh.app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "" }));
    await gh.app.close();
    assert.deepEqual(gh.fake.unexpected, []);
    return gh.repo.comments.get(1)?.[0]?.body;
  }

  it("reports settings problems in a check run, with their lines, never in the comment, and uses defaults for the bad parts", async () => {
    const body = await commentFor("ranking:\n  top_k: 0\n  mode: dense\nfoo: 1\ncomment:\n  footer: Thanks from the team\n");

    assert.ok(gh.app.index.rankRequests[0].request.mode === "dense" && gh.app.index.rankRequests[0].request.topK === 1);
    assert.equal(body, [
      "<!-- bugscout -->",
      "",
      "**BugScout**: the file most likely to need a change:",
      "",
      `1. [app\\.py](https://github.example/acme/shop/blob/${SHA}/app.py) — matches \`dispatch\`, \`route\`, \`handler\``,
      "",
      "Thanks from the team",
      "",
      ...expectedFooter("mode bm25: no embedding key configured · type bug (model) · confidence 0.75 · ranked in 3 ms · commit 3333333 · `/bugscout help` for commands"),
    ].join("\n"));
    assert.deepEqual(gh.repo.checkRuns.map((r) => [r.head_sha, r.conclusion, r.output.annotations.map((a) => `${a.start_line}: ${a.title}: ${a.message}`)]), [
      [SHA, "neutral", ["4: foo: unknown key", "2: ranking.top_k: out of range (1 to 20): 0 is read as 1"]],
    ]);
  });

  it("stays silent on malformed YAML, even with dry_run: true in it, and reports the line in a failing check run", async () => {
    const body = await commentFor("dry_run: true\nranking: [top_k: 3\n  mode: : :\n");

    assert.equal(body, undefined);
    assert.deepEqual(gh.app.index.rankRequests, []);
    const [run] = gh.repo.checkRuns;
    assert.deepEqual([run.head_sha, run.conclusion], [SHA, "failure"]);
    assert.match(run.output.title, /^BugScout is stopped on this repository/);
    assert.deepEqual(run.output.annotations.slice(0, 2).map((a) => [a.path, a.start_line, a.annotation_level]), [[".github/bugscout.yml", 2, "failure"], [".github/bugscout.yml", 3, "failure"]]);
    assert.match(run.output.annotations[0].message, /^not valid YAML: /);
  });

  for (const value of ["no", '"false"', "Off"]) {
    it(`enabled: ${value} keeps BugScout silent`, async () => {
      assert.equal(await commentFor(`enabled: ${value}\nranking:\n  top_k: 3\n`), undefined);
      assert.deepEqual([gh.app.index.rankRequests, gh.repo.checkRuns], [[], []]);
    });
  }

  it("an enabled or dry_run it does not understand stops BugScout, whatever the rest of the file says", async () => {
    assert.equal(await commentFor("enabled: sometimes\ncomment:\n  footer: hi\n"), undefined);
    assert.deepEqual(gh.repo.checkRuns[0].output.annotations.map((a) => [a.start_line, a.title, a.annotation_level]), [[1, "enabled", "failure"]]);
  });

  it("reads trigger.ignore_labels given as one string", async () => {
    gh.repo.settings = "trigger:\n  ignore_labels: enhancement\n";
    await gh.app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "", labels: ["enhancement"] }));
    await gh.app.deliver("issues", issuesOpened(REPO, { number: 2, title: "dispatch fails", body: "", labels: ["bug"] }));
    await gh.app.close();
    assert.deepEqual([gh.repo.comments.get(1), gh.repo.comments.get(2)?.length], [undefined, 1]);
    assert.deepEqual(gh.repo.checkRuns, []);
  });

  it("answers only a maintainer's /bugscout help while stopped, saying why; any other command does nothing", async () => {
    gh.repo.settings = "dry_run: true\nenabled: [\n";
    gh.repo.roles.set("maint", "maintain");
    gh.repo.roles.set("tri", "triage");
    const issue = { number: 4, title: "dispatch fails", body: "" };
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, issue, { id: 601, body: "/bugscout", user: { login: "maint" } }));
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, issue, { id: 602, body: "/bugscout help", user: { login: "tri" } }));
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, issue, { id: 603, body: "/bugscout help", user: { login: "maint" } }));
    await gh.app.close();

    const comments = gh.repo.comments.get(4) ?? [];
    assert.equal(comments.length, 1);
    assert.match(comments[0].body, /^<!-- bugscout:help -->\n\n\*\*BugScout is stopped on this repository\*\* until its settings are fixed[^\n]*\n- `\.github\/bugscout\.yml` line 2: not valid YAML\\: [^\n]*\n\n\*\*BugScout commands\*\* \(for people with write, maintain or admin access\)/);
    assert.deepEqual(gh.app.index.rankRequests, []);
  });

  it("gives a push that breaks the file a failing check run naming the line, and the fixing push a passing one", async () => {
    const broken = "b".repeat(40);
    const fixed = "f".repeat(40);
    gh.repo.settings = "ranking:\n  top_k: 3\n  mode: [hybrid\n";
    await gh.app.deliver("push", push(REPO, { before: SHA, after: broken, modified: [".github/bugscout.yml"] }));
    await gh.app.deps.background.idle();
    gh.repo.settings = "ranking:\n  top_k: 3\n  mode: hybrid\n";
    await gh.app.deliver("push", push(REPO, { before: broken, after: fixed, modified: [".github/bugscout.yml"] }));
    // A push that touches none of the files BugScout reads gets no check run.
    await gh.app.deliver("push", push(REPO, { before: fixed, after: "c".repeat(40), modified: ["app.py"] }));
    await gh.app.close();

    assert.deepEqual(gh.repo.checkRuns.map((r) => [r.name, r.head_sha, r.conclusion]), [["BugScout settings", broken, "failure"], ["BugScout settings", fixed, "success"]]);
    const [annotation] = gh.repo.checkRuns[0].output.annotations;
    assert.deepEqual([annotation.path, annotation.start_line], [".github/bugscout.yml", 3], "the unclosed bracket's line");
    assert.ok(gh.fake.requests.some((r) => r.path === "/repos/acme/shop/contents/.github/bugscout.yml" && r.query.ref === broken), "read at the pushed commit");
  });

  it("an installation without checks: write still triages, and says why in the log", async () => {
    gh.repo.checksDenied = true;
    const body = await commentFor("foo: 1\n");
    assert.match(body ?? "", /^<!-- bugscout -->/);
    assert.ok(gh.app.logs.some((l) => l.includes("operator problems not published") && l.includes("403")));
  });

  it("reads the organization's .github repository and follows _extends", async () => {
    const body = await commentFor(undefined, "comment:\n  header: Org-wide header\n");
    assert.match(body ?? "", /^<!-- bugscout -->\n\nOrg-wide header\n\n\*\*BugScout\*\*/);
  });

  it("a repository file with _extends merges over the base, lists replaced not concatenated", async () => {
    const base = "_extends: .github\n";
    gh.repo.roles.clear();
    gh.fake.orgSettings.set("acme", "paths:\n  exclude: [docs]\ncomment:\n  header: Base header\n");
    gh.repo.settings = `${base}paths:\n  exclude: [tests]\n`;
    await gh.app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "" }));
    await gh.app.close();

    assert.deepEqual(gh.app.index.rankRequests[0].request.exclude, ["tests"]);
    assert.match(gh.repo.comments.get(1)?.[0]?.body ?? "", /^<!-- bugscout -->\n\nBase header\n\n/);
  });
});
