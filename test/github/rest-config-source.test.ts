import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Context, ProbotOctokit } from "probot";
import { readSettings } from "../../src/github/read-settings.js";
import { createRestClient } from "../../src/github/rest-client.js";
import { createRestConfigSource } from "../../src/github/rest-config-source.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";

const TOKEN = "ghs_fake_42";

describe("settings read by the CLI and the Action", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  before(async () => {
    fake = await startFakeGitHub();
    repo = fake.addRepo({ owner: "acme", name: "shop", installationId: 42, headSha: "1".repeat(40) });
  });
  after(async () => {
    assert.deepEqual(fake.unexpected, []);
    await fake.close();
  });

  // The app's path: Probot's context.config over an installation client (Probot's own Octokit, token auth).
  function probotContext(): Context {
    const octokit = new ProbotOctokit({ auth: { token: TOKEN }, baseUrl: fake.apiUrl, retry: { enabled: false }, throttle: { enabled: false } });
    const payload = { repository: { name: "shop", owner: { login: "acme" } } };
    return new Context({ id: "1", name: "issues", payload } as never, octokit as never, { child: () => ({}) } as never);
  }

  it("gives the same settings and problems as Probot's loader, _extends and the org fallback included", async () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["ranking:\n  top_k: 0\n  mode: dense\nfoo: 1\n", undefined],
      ["ranking: [top_k: 3\n  mode: : :\n", undefined],
      [undefined, "comment:\n  header: Org-wide header\n"],
      ["_extends: .github\npaths:\n  exclude: [tests]\n", "paths:\n  exclude: [docs]\ncomment:\n  header: Base\n"],
      ["_extends: shop\n", undefined],
      ["_extends: not a repo!\n", undefined],
      ["- a list\n", undefined],
    ];
    const rest = createRestConfigSource(createRestClient({ token: TOKEN, baseUrl: fake.apiUrl, noRetry: true }), { owner: "acme", repo: "shop" });
    for (const [file, org] of cases) {
      if (file === undefined) delete repo.settings;
      else repo.settings = file;
      if (org === undefined) fake.orgSettings.delete("acme");
      else fake.orgSettings.set("acme", org);
      const app = await readSettings(probotContext());
      const mine = await readSettings(rest);
      assert.deepEqual(mine, app, String(file));
    }
    repo.settings = "_extends: .github\npaths:\n  exclude: [tests]\n";
    fake.orgSettings.set("acme", "paths:\n  exclude: [docs]\ncomment:\n  header: Base\n");
    const merged = await readSettings(rest);
    assert.deepEqual([merged.settings.paths.exclude, merged.settings.comment.header, merged.problems], [["tests"], "Base", []]);
  });
});
