import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { Octokit } from "@octokit/rest";
import { describeGitHubError, type GitHubErrorContext } from "../../src/github/describe-github-error.js";

const context = (apiUrl: string): GitHubErrorContext => ({
  doing: "reading issue acme/shop#12", repo: "acme/shop", issue: "acme/shop#12", authenticated: true, apiUrl,
});

/** The error the real client throws for `GET /repos/acme/shop/issues/12` against `baseUrl`. */
async function failure(baseUrl: string): Promise<unknown> {
  const octokit = new Octokit({ baseUrl, request: { retries: 0 } });
  try {
    await octokit.rest.issues.get({ owner: "acme", repo: "shop", issue_number: 12 });
  } catch (error) {
    return error;
  }
  throw new Error("the request did not fail");
}

describe("describeGitHubError", () => {
  it("says GitHub could not be reached when nothing answered (refused port, a port fetch refuses to use)", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    for (const apiUrl of [closed, "http://127.0.0.1:9"]) {
      const line = describeGitHubError(await failure(apiUrl), context(apiUrl));
      assert.match(line, new RegExp(`^could not reach GitHub at ${apiUrl.replace(/[.]/g, "\\.")} while reading issue acme/shop#12`), line);
      assert.doesNotMatch(line, /answered/);
    }
  });

  it("reports a real 500 from the server as GitHub's answer", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message: "Server Error" }));
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      assert.equal(describeGitHubError(await failure(apiUrl), context(apiUrl)), "GitHub answered 500 while reading issue acme/shop#12: Server Error");
    } finally {
      server.close();
    }
  });
});
