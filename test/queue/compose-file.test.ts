import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { parseEnv } from "../../src/env.js";

const ROOT = path.join(import.meta.dirname, "../..");

interface Service {
  command?: string[];
  image?: string;
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  healthcheck?: unknown;
  stop_grace_period?: string;
}

/** Substitutes `${VAR:?…}` / `${VAR:-default}` as Compose would, with `vars` set. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string, fallback?: string) => vars[name] ?? fallback ?? "");
}

// No Docker engine on the CI machine, so `docker compose config` cannot run: the file is parsed here (YAML merge keys
// resolved) and each app service's environment is validated by the app's own schema.
describe("docker-compose.yml (parsed; the Docker engine is not available to run it)", () => {
  it("has web, two workers, Redis and PostgreSQL, and every app service's environment passes src/env.ts", async () => {
    const file = parse(await readFile(path.join(ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as { services: Record<string, Service> };
    const { web, worker, redis, postgres } = file.services;
    assert.ok(web && worker && redis && postgres, `services: ${Object.keys(file.services).join(", ")}`);
    assert.equal(worker.deploy?.replicas, 2);
    assert.match(redis.image ?? "", /^redis:/);
    assert.match(postgres.image ?? "", /^postgres:/);
    assert.ok(redis.healthcheck && postgres.healthcheck);

    const vars = { APP_ID: "123456", WEBHOOK_SECRET: "s3cret" };
    for (const [name, service, role] of [["web", web, "web"], ["worker", worker, "worker"]] as const) {
      // The command the Dockerfile runs, which is what `npm start` runs after building.
      assert.deepEqual(service.command, ["node", "dist/index.js"], name);
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]));
      const parsed = parseEnv({ ...env, PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY-----" }, "/app");
      assert.equal(parsed.queue?.role, role, name);
      assert.equal(parsed.queue?.redisUrl, "redis://redis:6379");
      assert.equal(parsed.databaseUrl, "postgres://bugscout:bugscout@postgres:5432/bugscout");
      assert.equal(parsed.queue?.prefix, "bugscout");
      assert.equal(parsed.queue?.port, 3000);
    }
    assert.match(worker.stop_grace_period ?? "", /^\d+s$/, "workers get time to drain on SIGTERM");
    const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
    assert.match(pkg.scripts.start, /node dist\/index\.js$/);
  });
});
