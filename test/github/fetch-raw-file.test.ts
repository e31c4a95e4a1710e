import assert from "node:assert/strict";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { fetchRawFile } from "../../src/github/fetch-raw-file.js";
import { createRestClient } from "../../src/github/rest-client.js";

// A source map is read from GitHub for a ranking's extras: a stalled answer must not hold the comment back, a larger
// file must not be read whole, and a missing one is simply none.

let server: Server;
let base: string;
const held: ServerResponse[] = [];
const calls: string[] = [];

before(async () => {
  server = createServer((req, res) => {
    calls.push(req.url ?? "");
    const path = decodeURIComponent((req.url ?? "").split("?")[0]);
    if (path.endsWith("/stalled.map")) {
      held.push(res);
    } else if (path.endsWith("/slow-body.map")) {
      res.writeHead(200, { "content-type": "application/vnd.github.raw" });
      res.write("{\"version\": 3,");
      held.push(res);
    } else if (path.endsWith("/big.map")) {
      res.writeHead(200, { "content-type": "application/vnd.github.raw" });
      res.end("x".repeat(5000));
    } else if (path.endsWith("/index.js.map")) {
      res.writeHead(200, { "content-type": "application/vnd.github.raw" });
      res.end("{\"version\": 3}");
    } else {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Not Found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  for (const res of held) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const client = () => createRestClient({ token: "t", baseUrl: base });
const repo = { owner: "acme", repo: "act" };

test("a file's bytes; a missing one is none when asked; one over the cap is not read whole", async () => {
  assert.equal(Buffer.from((await fetchRawFile(client(), repo, "dist/index.js.map", "abc", { missing: "none" }))!).toString(), "{\"version\": 3}");
  assert.equal(await fetchRawFile(client(), repo, "dist/missing.map", "abc", { missing: "none" }), undefined);
  await assert.rejects(fetchRawFile(client(), repo, "dist/missing.map", "abc"), /Not Found/);
  assert.equal(await fetchRawFile(client(), repo, "dist/big.map", "abc", { maxBytes: 1000 }), undefined);
});

test("with a timeout, a stalled answer or a stalled body fails within it, once, not retried", async () => {
  for (const name of ["stalled.map", "slow-body.map"]) {
    const before = calls.length;
    const started = Date.now();
    await assert.rejects(fetchRawFile(client(), repo, `dist/${name}`, "abc", { timeoutMs: 300, missing: "none" }));
    assert.ok(Date.now() - started < 5000, `${name}: ${Date.now() - started} ms`);
    assert.equal(calls.length - before, 1, `${name}: asked once`);
  }
});
