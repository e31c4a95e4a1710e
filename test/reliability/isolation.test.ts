import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { repoStorePath } from "../../src/triage/data-layout.js";
import { installationDeleted, issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startReliabilityApp } from "./reliability-app.js";

const SHA = "efefefefefefefefefefefefefefefefefefefef";
const ISSUE = { title: "compute_invoice_total is wrong after a refund", body: "The invoice total goes negative." };

/** Paths of the numbered list in a BugScout comment, in order. */
function listedPaths(body: string | undefined): string[] {
  return [...(body ?? "").matchAll(/^\d+\. \[[^\]]*\]\(https:\/\/github\.example\/[^/]+\/[^/]+\/blob\/[0-9a-f]+\/([^)#]+)/gm)].map((m) => decodeURIComponent(m[1]));
}

describe("isolation: two installations with a repository of the same name", () => {
  let fake: FakeGitHub;
  const first = { owner: "acme", name: "shop", installationId: 51 };
  const second = { owner: "acme", name: "shop", installationId: 52 };

  before(async () => {
    fake = await startFakeGitHub();
    fake.addRepo({ ...first, headSha: SHA }).tarballs.set(SHA, await buildTarball([
      { name: "acme-shop-efefefe/billing/invoice.py", content: "def compute_invoice_total(lines):\n    return sum(lines)\n" },
      { name: "acme-shop-efefefe/billing/refund.py", content: "def refund(invoice):\n    return -invoice.total\n" },
    ]));
    fake.addRepo({ ...second, headSha: SHA }).tarballs.set(SHA, await buildTarball([
      { name: "acme-shop-efefefe/secret_ledger/totals.py", content: "def compute_invoice_total(rows):\n    return sum(rows)  # refund\n" },
    ]));
  });
  after(() => fake?.closeAndCheck());

  it("get separate indexes: each ranking lists only its own installation's files, and uninstalling one leaves the other", async (t) => {
    const app = await startReliabilityApp(fake, { octokit: "off" });
    t.after(() => app.close());

    await app.deliver("issues", issuesOpened(first, { number: 1, ...ISSUE }));
    await app.deliver("issues", issuesOpened(second, { number: 1, ...ISSUE }));

    const ours = fake.repo("acme", "shop", 51).comments.get(1)?.[0]?.body;
    const theirs = fake.repo("acme", "shop", 52).comments.get(1)?.[0]?.body;
    assert.deepEqual(listedPaths(ours), ["billing/invoice.py", "billing/refund.py"]);
    assert.deepEqual(listedPaths(theirs), ["secret_ledger/totals.py"]);
    const stores = [first, second].map((s) => repoStorePath(app.dataDir, { installationId: s.installationId, owner: s.owner, repo: s.name }));
    assert.deepEqual(stores.map((s) => path.relative(app.dataDir, s)), ["installations/51/acme/shop.sqlite", "installations/52/acme/shop.sqlite"]);
    assert.ok(stores.every((s) => existsSync(s)));

    assert.equal(await app.deliver("installation", installationDeleted(52)), 200);
    fake.requests.length = 0;
    await app.deliver("issues", issuesOpened(first, { number: 2, ...ISSUE }));

    assert.deepEqual(await readdir(path.join(app.dataDir, "installations")), ["51"]);
    assert.deepEqual(listedPaths(fake.repo("acme", "shop", 51).comments.get(2)?.[0]?.body), ["billing/invoice.py", "billing/refund.py"]);
    assert.ok(!fake.calls().some((c) => c.includes("tarball")), "installation 51's index was kept and reused");
  });
});
