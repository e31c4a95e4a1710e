import assert from "node:assert/strict";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { repoStorePath } from "../../src/triage/data-layout.js";
import { buildTarball, tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { installationDeleted, issuesOpened } from "./payloads.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "7777777777777777777777777777777777777777";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ZWJ = "\u200d";

/** Paths of the numbered list in a BugScout comment, in order. */
function listedPaths(body: string): string[] {
  return [...body.matchAll(/^\d+\. \[[^\]]*\]\(https:\/\/github\.example\/[^/]+\/[^/]+\/blob\/[0-9a-f]+\/([^)#]+)/gm)].map((m) => decodeURIComponent(m[1]));
}

describe("the app with the real index and ranker", () => {
  const gh = appHarness({
    // The one-line answer below the confidence floor (silence is the default): every issue gets a comment to check.
    repo: { ...REPO, headSha: SHA, settings: "comment:\n  below_confidence: brief\n" },
    tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-7777777"),
    app: { realIndex: true },
  });

  async function commentOn(number: number, title: string, body: string | null): Promise<string> {
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { number, title, body })), 200);
    const comments = gh.repo.comments.get(number) ?? [];
    assert.equal(comments.length, 1, gh.app.logs.filter((l) => l.includes('"level":50')).join("\n"));
    return comments[0].body;
  }

  it("answers issues with nothing to go on briefly, and never crashes on odd text", async () => {
    const empty = await commentOn(1, "", "");
    assert.ok(empty.startsWith("<!-- bugscout -->\n\nBugScout found too little in this issue to point at files. "
      + "Maintainers: comment `/bugscout` with a file name, a symbol or a stack trace to try again.\n\n<details>"), empty);
    assert.doesNotMatch(empty.slice(0, empty.indexOf("<details>")), /mode|ranked in|confidence/, "nothing for the operator in view");
    // Only images: answered without error (the ranker currently reads words of the image URLs; reported to rank/).
    assert.match(await commentOn(2, "?!", "![screenshot](https://user-images.example/1.png)\n![](x.png)"), /^<!-- bugscout -->\n\n/);

    const huge = await commentOn(3, "Session lookup fails", `SessionStore lookup ${"token expired ".repeat(4_700)}`.slice(0, 65_536));
    assert.equal(listedPaths(huge)[0], "shopcart/auth/session.py");
    assert.ok(huge.length < 65_536);

    const binaryish = await commentOn(4, "\u0000\u0001\u0002\ufffd\ufffd", "\u0000".repeat(1000) + "\u00ff\u00fe");
    assert.match(binaryish, /^<!-- bugscout -->\n\n/);
    const cjk = await commentOn(5, "購物車的發票總額為負數", "ログインセッションが期限切れになります。Корзина не работает.");
    assert.match(cjk, /^<!-- bugscout -->\n\n/);
    assert.deepEqual(gh.fake.unexpected, []);
  });

  it("renders nothing the issue tries to inject", async () => {
    const body = await commentOn(6, "<script>alert(1)</script> @octocat [x](https://evil.example) LruCache",
      "cc @acme/admins #1 <img src=x onerror=alert(1)> `LruCache.put` **bold** www.evil.example javascript:alert(1)\n\n"
      + "File \"shopcart/storage/cache.py\", line 17, in put");

    assert.equal(listedPaths(body)[0], "shopcart/storage/cache.py");
    if (process.env.BUGSCOUT_SHOW_COMMENT === "1") process.stdout.write(`# ${body.replace(/\n/g, "\n# ")}\n`);
    const outsideCode = body.replace(/`[^`\n]*`/g, "");
    assert.ok(!/<script|<img|onerror/i.test(outsideCode), "no raw HTML from the issue");
    assert.ok(!/@(?!\u200d)[A-Za-z]/.test(outsideCode), "every @ is followed by a zero-width joiner");
    assert.ok(!/(^|[^\\])#\d/.test(outsideCode), "no live issue reference");
    assert.ok(!outsideCode.includes("](https://evil") && !/https?:\/\/evil/.test(outsideCode));
    assert.ok(body.split("\n").every((line) => !line.startsWith("<") || /^<(!-- bugscout --|sub|details|summary|\/details)>/.test(line)), "no HTML block from the issue");
    assert.ok(!body.includes("@octocat") || body.includes(`@${ZWJ}octocat`) || /`[^`]*@octocat[^`]*`/.test(body));
  });

  it("keeps installations apart: a ranking only sees its own installation's repository", async () => {
    const twin = gh.fake.addRepo({ owner: "acme", name: "shop2", installationId: 43, headSha: SHA });
    twin.tarballs.set(SHA, await buildTarball([{ name: "acme-shop2-7777777/only_here.py", content: "def refund_invoice_total():\n    pass\n" }]));
    // A lone file in a one-file tree is a ranking with no lead (confidence below the default floor): the floor is off
    // here, so the twin's comment lists what its own index holds.
    twin.settings = "ranking:\n  min_confidence: 0\n";

    const mine = await commentOn(7, "invoice total refund", "compute_total of an Invoice");
    await gh.app.deliver("issues", issuesOpened({ owner: "acme", name: "shop2", installationId: 43 }, { number: 7, title: "invoice total refund", body: "compute_total of an Invoice" }));
    const theirs = twin.comments.get(7)?.[0]?.body ?? "";

    assert.ok(!listedPaths(mine).includes("only_here.py"));
    assert.deepEqual(listedPaths(theirs), ["only_here.py"]);
    assert.deepEqual((await readdir(path.join(gh.app.dataDir, "installations"))).sort(), ["42", "43"]);

    await gh.app.deliver("installation", installationDeleted(43));
    assert.deepEqual(await readdir(path.join(gh.app.dataDir, "installations")), ["42"]);
  });

  it("notes a partial index in the comment, also once the index is cached", async () => {
    await gh.app.close();
    await gh.start({ realIndex: true, limits: { maxFiles: 3 } });
    const note = "_Partial index\\: this repository is over BugScout\\'s file\\-count limit\\, so only part of it was indexed and ranked\\._";

    const first = await commentOn(10, "session lookup", "SessionStore");
    const second = await commentOn(11, "session lookup", "SessionStore");

    for (const body of [first, second]) assert.ok(body.includes(`\n\n${note}\n`), body);
    assert.equal(gh.fake.calls().filter((c) => c.includes("/tarball/")).length, 1, "the second issue reused the stored index");
  });

  it("rebuilds an index file it cannot read", async () => {
    await commentOn(8, "invoice total refund", "compute_total");
    await gh.app.close();
    await gh.start({ realIndex: true });
    const store = repoStorePath(gh.app.dataDir, { installationId: 42, owner: "acme", repo: "shop" });
    await import("node:fs/promises").then((fs) => fs.mkdir(path.dirname(store), { recursive: true }));
    await writeFile(store, "this is not a sqlite database, just garbage bytes ".repeat(100));

    const body = await commentOn(9, "invoice total refund", "compute_total");

    assert.equal(listedPaths(body)[0], "shopcart/billing/invoice.py");
    assert.ok(gh.app.logs.some((l) => l.includes("unusable index store deleted, rebuilding")));
  });
});
