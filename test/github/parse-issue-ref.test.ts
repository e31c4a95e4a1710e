import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseIssueRef } from "../../src/github/parse-issue-ref.js";
import { apiUrlForWeb, webUrlForApi } from "../../src/github/rest-client.js";

describe("parseIssueRef", () => {
  it("reads owner/repo#N and issue URLs of github.com and GitHub Enterprise", () => {
    assert.deepEqual(parseIssueRef("acme/shop#12"), { ok: true, ref: { owner: "acme", repo: "shop", number: 12 } });
    assert.deepEqual(parseIssueRef(" https://github.com/acme/shop.js/issues/7#issuecomment-1 "),
      { ok: true, ref: { owner: "acme", repo: "shop.js", number: 7, webUrl: "https://github.com" } });
    assert.deepEqual(parseIssueRef("https://ghe.example:8443/team/app/pull/3?x=1"),
      { ok: true, ref: { owner: "team", repo: "app", number: 3, webUrl: "https://ghe.example:8443" } });
  });

  it("refuses anything else with a sentence that shows the accepted forms", () => {
    for (const bad of ["acme/shop#x", "acme/shop", "acme/shop#0", "acme#1", "-acme/shop#1", "acme/../x#1", "acme/shop#1 extra",
      "https://github.com/acme/shop", "https://github.com/acme/shop/blob/main/x.py", "ftp://github.com/a/b/issues/1", ""]) {
      const parsed = parseIssueRef(bad);
      assert.equal(parsed.ok, false, bad);
      if (!parsed.ok) assert.match(parsed.error, /is not an issue reference: use owner\/repo#123 or https:\/\/github\.com\/owner\/repo\/issues\/123$/);
    }
  });

  it("maps API roots and web roots both ways", () => {
    assert.equal(webUrlForApi("https://api.github.com"), "https://github.com");
    assert.equal(webUrlForApi("https://ghe.example/api/v3/"), "https://ghe.example");
    assert.equal(webUrlForApi("http://127.0.0.1:9/api/v3"), "http://127.0.0.1:9");
    assert.equal(apiUrlForWeb("https://github.com"), "https://api.github.com");
    assert.equal(apiUrlForWeb("https://ghe.example:8443"), "https://ghe.example:8443/api/v3");
  });
});
