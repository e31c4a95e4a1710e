import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EnvError, parseEnv } from "../../src/env.js";

const BASE = { APP_ID: "123", PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----\nsecret-key-body\n-----END RSA PRIVATE KEY-----", WEBHOOK_SECRET: "hook-secret" };

describe("parseEnv", () => {
  it("applies defaults and derives the data dir and web URL", () => {
    const env = parseEnv(BASE, "/srv/app");

    assert.deepEqual(env, {
      setup: false,
      probot: { ...BASE, PORT: "3000", LOG_LEVEL: "info", GHE_PROTOCOL: "https" },
      logLevel: "info",
      dataDir: "/srv/app/data",
      webBaseUrl: "https://github.com",
      limits: { maxFiles: 50_000, maxFileBytes: 1024 * 1024, maxSnapshotBytes: 256 * 1024 * 1024 },
      commands: { limit: 10, windowMs: 600_000 },
      indexConcurrency: 1,
      pushDeltaMaxFiles: 100,
      databaseSchema: "bugscout",
    });
  });

  it("reads the scaled-out roles' variables (none set: no queue, the embedded mode)", () => {
    const env = parseEnv({
      ...BASE, REDIS_URL: "redis://cache:6380/2", BUGSCOUT_ROLE: "worker", BUGSCOUT_QUEUE_PREFIX: "staging", BUGSCOUT_SHARDS: "8",
      BUGSCOUT_LEASE_SECONDS: "10", DATABASE_URL: "postgres://u@db/bugscout", PORT: "8080", HOST: "0.0.0.0",
    }, "/srv/app");
    assert.deepEqual(env.queue, {
      redisUrl: "redis://cache:6380/2", role: "worker", prefix: "staging", shards: 8, workerConcurrency: 4, leaseMs: 10_000, attempts: 5,
      webhookSecret: "hook-secret", webhookPath: "/api/github/webhooks", port: 8080, host: "0.0.0.0",
    });
    assert.equal(env.databaseUrl, "postgres://u@db/bugscout");
    assert.equal("REDIS_URL" in env.probot || "DATABASE_URL" in env.probot, false);
    assert.equal(parseEnv({ ...BASE, REDIS_URL: "redis://r" }, "/").queue?.role, "all");
    assert.throws(() => parseEnv({ ...BASE, BUGSCOUT_ROLE: "web" }, "/"), /BUGSCOUT_ROLE: needs REDIS_URL/);
    assert.throws(() => parseEnv({ ...BASE, REDIS_URL: "localhost:6379", BUGSCOUT_QUEUE_PREFIX: "a b" }, "/"),
      (e: EnvError) => e.problems.length === 2 && /REDIS_URL/.test(e.problems[0]) && /BUGSCOUT_QUEUE_PREFIX/.test(e.problems[1]));
  });

  it("points links and the API at GitHub Enterprise and reads BugScout's own variables", () => {
    const env = parseEnv({
      ...BASE, GHE_HOST: "ghe.corp.example:8443", GHE_PROTOCOL: "http", BUGSCOUT_DATA_DIR: "/data", PORT: "8080",
      VOYAGE_API_KEY: "pa-key", VOYAGE_BASE_URL: "http://127.0.0.1:9/v1", BUGSCOUT_COMMANDS_PER_WINDOW: "3", BUGSCOUT_INDEX_CONCURRENCY: "2",
    }, "/srv/app");

    assert.equal(env.webBaseUrl, "http://ghe.corp.example:8443");
    assert.equal(env.probot.GHE_HOST, "ghe.corp.example:8443");
    assert.equal(env.probot.PORT, "8080");
    assert.equal(env.dataDir, "/data");
    assert.deepEqual(env.voyage, { apiKey: "pa-key", baseUrl: "http://127.0.0.1:9/v1" });
    assert.equal(env.commands.limit, 3);
    assert.equal(env.indexConcurrency, 2);
    assert.equal("VOYAGE_API_KEY" in env.probot, false, "Probot never sees BugScout's secrets");
  });

  it("lists every problem by variable name, never by value", () => {
    const bad = { APP_ID: "abc", PRIVATE_KEY: "", WEBHOOK_SECRET: "", PORT: "99999", GHE_HOST: "https://x/y", VOYAGE_BASE_URL: "not a url", NODE_ENV: "production" };
    let error: unknown;
    try {
      parseEnv(bad, "/");
    } catch (err) {
      error = err;
    }
    assert.ok(error instanceof EnvError);
    assert.deepEqual(error.problems.map((p) => p.split(":")[0]), ["APP_ID", "PORT", "GHE_HOST", "VOYAGE_BASE_URL", "PRIVATE_KEY", "WEBHOOK_SECRET"]);
    assert.ok(!error.message.includes("https://x/y") && !error.message.includes("not a url"));
  });

  it("enters setup mode without credentials outside production only", () => {
    assert.equal(parseEnv({}, "/").setup, true);
    assert.throws(() => parseEnv({ NODE_ENV: "production" }, "/"), EnvError);
    assert.throws(() => parseEnv({ APP_ID: "1" }, "/"), /PRIVATE_KEY: set PRIVATE_KEY/);
  });
});
