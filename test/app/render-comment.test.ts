import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Ranking, RankedFile } from "../../src/rank/types.js";
import { escapeMarkdown, inlineCode } from "../../src/triage/escape-markdown.js";
import { renderComment, type CommentInput } from "../../src/triage/render-comment.js";
import { defaultSettings, type Settings } from "../../src/triage/settings-schema.js";
import { expectedFooter } from "./expected-footer.js";

const SHA = "abcdef0123456789abcdef0123456789abcdef01";
const ZWJ = "\u200d";

function input(ranking: Partial<Ranking>, overrides: Partial<CommentInput> = {}, settings: Partial<Settings["comment"]> = {}): CommentInput {
  const base = defaultSettings();
  return {
    link: { webBaseUrl: "https://ghe.example.com/", owner: "acme", repo: "shop", commit: SHA },
    ranking: { mode: "hybrid", reason: "embeddings warm", ms: 1234, files: [], confidence: 0.8, ...ranking },
    confidence: 0.8,
    settings: { ...base, comment: { ...base.comment, ...settings } },
    notes: [],
    requested: false,
    ...overrides,
  };
}

const FILE: RankedFile = {
  path: "src/models/user.py",
  score: 3.14159,
  evidence: {
    terms: ["user", "save"],
    words: ["save", "user"],
    symbol: { name: "save", qualifiedName: "User.save", kind: "method", startLine: 40, endLine: 40 },
    similarity: 0.8123,
  },
};

describe("escapeMarkdown", () => {
  it("neutralises markdown, HTML, entities, mentions, references and autolinks", () => {
    assert.equal(escapeMarkdown("<img src=x onerror=alert(1)>"), "\\<img src\\=x onerror\\=alert\\(1\\)\\>");
    assert.equal(escapeMarkdown("[click](javascript:alert(1))"), "\\[click\\]\\(javascript\\:alert\\(1\\)\\)");
    assert.equal(escapeMarkdown("@octocat and @acme/team"), `@${ZWJ}octocat and @${ZWJ}acme/team`);
    assert.equal(escapeMarkdown("fixes #12"), `fixes \\#${ZWJ}12`);
    assert.equal(escapeMarkdown("&lt;b&gt;"), "\\&lt\\;b\\&gt\\;");
    assert.equal(escapeMarkdown("see https://evil.example and www.evil.example"), `see https\\:${ZWJ}//evil\\.example and w${ZWJ}ww\\.evil\\.example`);
    assert.equal(escapeMarkdown("**bold** _it_ `code` | ~~x~~"), "\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\| \\~\\~x\\~\\~");
    assert.equal(escapeMarkdown("line one\n# heading\r\n- item\u202Eevil\u0007"), "line one \\#\u200d heading \\- itemevil");
  });

  it("clips long text", () => {
    assert.equal(escapeMarkdown("a".repeat(400), 10), `${"a".repeat(9)}…`);
  });
});

describe("inlineCode", () => {
  it("keeps text literal inside one code span", () => {
    assert.equal(inlineCode("a`b <c> @d"), "`a'b <c> @d`");
    assert.equal(inlineCode("  "), "` `");
    assert.equal(inlineCode("x\ny"), "`x y`");
  });
});

describe("renderComment", () => {
  it("renders the full comment with symbols, scores and a GHE link to the symbol's line", () => {
    const body = renderComment(input({ files: [FILE] }, {}, { show_scores: true }));

    assert.equal(body, [
      "<!-- bugscout -->",
      "",
      "**BugScout**: the file most likely to need a change:",
      "",
      `1. [src/models/user\\.py](https://ghe.example.com/acme/shop/blob/${SHA}/src/models/user.py#L40) — \`User.save\` (line 40) · matches \`save\`, \`user\` · score 3.14 · similarity 0.81`,
      "",
      ...expectedFooter("mode hybrid: embeddings warm · confidence 0.80 · ranked in 1.2 s · commit abcdef0 · `/bugscout help` for commands"),
    ].join("\n"));
  });

  it("says when a file's own test beside it matched the issue, by the test's name in a code span", () => {
    const tested: RankedFile = { ...FILE, evidence: { terms: ["user"], words: ["user"], tests: { path: "src/models/user_`test`_@me.py" } } };
    const line = (renderComment(input({ files: [tested] })) ?? "").split("\n").find((l) => l.startsWith("1. ")) ?? "";
    assert.match(line, /matches `user` · its test `user_'test'_@me\.py` matches too$/, line);
  });

  it("says which named package a file is in, the name in a code span", () => {
    const lifted: RankedFile = { ...FILE, evidence: { terms: ["body"], words: ["body"], package: "@acme/ht`tp" } };
    const line = (renderComment(input({ files: [lifted] })) ?? "").split("\n").find((l) => l.startsWith("1. ")) ?? "";
    assert.match(line, /matches `body` · in package `@acme\/ht'tp`, named in the issue$/, line);
  });

  it("says which words of a behaviour-only title a file's path holds, in code spans", () => {
    const named: RankedFile = { ...FILE, evidence: { terms: ["blank"], words: ["blank"], titleWords: ["message", "scr`een"] } };
    const line = (renderComment(input({ files: [named] })) ?? "").split("\n").find((l) => l.startsWith("1. ")) ?? "";
    assert.match(line, /matches `blank` · its path holds `message`, `scr'een` from the title$/, line);
  });

  it("links a second place of the same file to its own lines", () => {
    const two: RankedFile = { ...FILE, evidence: { ...FILE.evidence, alsoSymbol: { name: "delete", qualifiedName: "User.delete", kind: "method", startLine: 52, endLine: 60 } } };
    const line = (renderComment(input({ files: [two] })) ?? "").split("\n").find((l) => l.startsWith("1. "));

    assert.equal(line, `1. [src/models/user\\.py](https://ghe.example.com/acme/shop/blob/${SHA}/src/models/user.py#L40) — \`User.save\` (line 40), `
      + `also [\`User.delete\` (lines 52–60)](https://ghe.example.com/acme/shop/blob/${SHA}/src/models/user.py#L52-L60) · matches \`save\`, \`user\``);
  });

  it("names no symbol for a line window, only its lines", () => {
    const file: RankedFile = { path: "README.md", score: 1, evidence: { terms: ["cache"], words: ["cache"], symbol: { name: "lines 1-3", qualifiedName: "lines 1-3", kind: "window", startLine: 1, endLine: 3 } } };
    const line = (renderComment(input({ files: [file] })) ?? "").split("\n").find((l) => l.startsWith("1. "));

    assert.equal(line, `1. [README\\.md](https://ghe.example.com/acme/shop/blob/${SHA}/README.md#L1-L3) — lines 1–3 · matches \`cache\``);
  });

  it("collapses the list into details, with header, footer and notes", () => {
    const body = renderComment(input(
      { files: [FILE, { path: "README.md", score: 2, evidence: { terms: [], mention: { kind: "path", text: "README.md" } } }] },
      { notes: ["Partial index: only the first 3 files were indexed."] },
      { collapsed: true, show_symbols: false, header: "Triage bot says:", footer: "_Feedback welcome_" },
    ));

    assert.equal(body, [
      "<!-- bugscout -->",
      "",
      "Triage bot says:",
      "",
      "<details>\n<summary>BugScout: 2 files most likely to need a change</summary>",
      "",
      `1. [src/models/user\\.py](https://ghe.example.com/acme/shop/blob/${SHA}/src/models/user.py#L40) — matches \`save\`, \`user\``
        + `\n2. [README\\.md](https://ghe.example.com/acme/shop/blob/${SHA}/README.md) — named in the issue`,
      "",
      "</details>",
      "",
      "_Partial index\\: only the first 3 files were indexed\\._",
      "",
      "_Feedback welcome_",
      "",
      ...expectedFooter("mode hybrid: embeddings warm · confidence 0.80 · ranked in 1.2 s · commit abcdef0 · `/bugscout help` for commands"),
    ].join("\n"));
  });

  it("cannot be made to inject markup, mentions or links through paths and evidence", () => {
    const hostile: RankedFile = {
      path: "docs/<script>alert(1)</script>/@admin [x](https://evil)/#1.md",
      score: 1,
      evidence: {
        terms: ["`rm -rf`", "@everyone"],
        words: ["`rm -rf`", "@everyone"],
        symbol: { name: "x", qualifiedName: "</details><img src=x>", kind: "function", startLine: 1, endLine: 2 },
        mention: { kind: "frame", text: "```\n<b>@team</b>", line: 3, symbol: "`<b>@team</b>`" },
      },
    };
    const body = renderComment(input({ files: [hostile], reason: "<b>reason</b> @ops" })) ?? "";

    const line = body.split("\n").find((l) => l.startsWith("1. ")) ?? "";
    assert.equal(line, "1. [docs/\\<script\\>alert\\(1\\)\\</script\\>/@\u200dadmin \\[x\\]\\(https\\:\u200d//evil\\)/\\#\u200d1\\.md]"
      + `(https://ghe.example.com/acme/shop/blob/${SHA}/docs/%3Cscript%3Ealert%281%29%3C/script%3E/%40admin%20%5Bx%5D%28https%3A//evil%29/%231.md#L1-L2)`
      + " — `</details><img src=x>` (lines 1–2) · stack frame `docs/<script>alert(1)</script>/@admin [x](https://evil)/#1.md:3 in '<b>@team</b>'`"
      + " · matches `'rm -rf'`, `@everyone`");
    assert.match(body, /mode hybrid: \\<b\\>reason\\</);
    assert.ok(!/(^|[^`\\])@[a-z]/.test(body.replace(/`[^`]*`/g, "")), "no live @-mention outside code spans");
  });

  it("stays silent below the confidence floor by default, says so briefly when asked to, and always answers a command", () => {
    const low = input({ files: [FILE] }, { confidence: 0.05 });
    assert.equal(renderComment(low), undefined);
    const brief = { ...low, settings: { ...low.settings, comment: { ...low.settings.comment, below_confidence: "brief" as const } } };
    assert.equal(renderComment(brief), [
      "<!-- bugscout -->",
      "",
      "BugScout is not confident about any file for this issue. Maintainers: comment `/bugscout` with a file name, a symbol or a stack trace to try again.",
      "",
      "<details>",
      "<summary>Details for maintainers</summary>",
      "",
      "mode hybrid: embeddings warm · low confidence (0.05, floor 0.15) · ranked in 1.2 s · commit abcdef0 · `/bugscout help` for commands",
      "",
      "</details>",
      "",
    ].join("\n"));
    assert.match(renderComment({ ...low, requested: true }) ?? "", /low confidence \(0\.05, floor 0\.15\)/);
    assert.equal(renderComment(input({ files: [] }, { requested: true }, { show_details: false })), "<!-- bugscout -->\n\nBugScout found too little in this issue to point at files. "
      + "Maintainers: comment `/bugscout` with a file name, a symbol or a stack trace to try again.\n");
  });

  it("addresses the retry hint to who may ask: the author too under commands.allow author, nobody with commands off", () => {
    const base = input({ files: [] }, { requested: true }, { show_details: false });
    const author = renderComment({ ...base, settings: { ...base.settings, commands: { enabled: true, allow: "author" } } });
    assert.match(author ?? "", /files\. Maintainers or the issue's author: comment `\/bugscout`/);
    const off = renderComment({ ...base, settings: { ...base.settings, commands: { enabled: false, allow: "collaborators" } } });
    assert.equal(off, "<!-- bugscout -->\n\nBugScout found too little in this issue to point at files.\n");
  });

  it("lists files while they score at least ranking.min_relative_score of the first, at least one, at most top_k", () => {
    const files = [10, 6, 4.5, 4.4, 9].map((score, i) => ({ ...FILE, path: `src/f${i}.py`, score }));
    const listed = (cut: number) => (renderComment({ ...input({ files }), settings: { ...defaultSettings(), ranking: { ...defaultSettings().ranking, min_relative_score: cut } } }) ?? "")
      .split("\n").filter((l) => /^\d+\. /.test(l)).map((l) => /src\/f(\d)/.exec(l)?.[1]);
    assert.deepEqual(listed(0.45), ["0", "1", "2"], "the cut stops at the first file under it, even if a later one scores more");
    assert.deepEqual(listed(0.9), ["0"]);
    assert.deepEqual(listed(0), ["0", "1", "2", "3", "4"]);
    assert.match(renderComment({ ...input({ files }), settings: { ...defaultSettings(), ranking: { ...defaultSettings().ranking, min_relative_score: 0.45 } } }) ?? "", /\*\*BugScout\*\*: 3 files most likely/);
  });

  it("shows distinctive words without the repository's own name, at most four; the details left out with show_details false", () => {
    const wordy: RankedFile = { ...FILE, evidence: { terms: ["shop"], words: ["refund", "Shop", "negative", "ledger", "credit", "total"] } };
    const body = renderComment(input({ files: [wordy] }, {}, { show_details: false })) ?? "";
    assert.match(body, /— matches `refund`, `negative`, `ledger`, `credit`\n/);
    assert.doesNotMatch(body, /<details>|mode hybrid|ranked in|commit abcdef0/);
    assert.match(body, /<sub>Suggested automatically from the code\. 👍 \/ 👎 are counted in `\/bugscout stats`; they change no ranking\.<\/sub>\n$/);
  });

  it("stays under the size limit by dropping files, with a notice", () => {
    const files = Array.from({ length: 20 }, (_, i) => ({ ...FILE, path: `src/${"deep/".repeat(50)}file${i}.py` }));
    const full = renderComment(input({ files })) ?? "";
    const limit = Math.floor(full.length * 0.6);

    const body = renderComment(input({ files }, { limit })) ?? "";

    assert.ok(body.length <= limit, `${body.length} <= ${limit}`);
    const shown = body.split("\n").filter((l) => /^\d+\. /.test(l)).length;
    assert.ok(shown > 0 && shown < 20);
    assert.match(body, new RegExp(`_…and ${20 - shown} more not shown: GitHub limits comments to ${limit} characters\\._`));
    assert.ok(full.length < 65_536, "a default top-20 comment is far below GitHub's limit");
  });
});
