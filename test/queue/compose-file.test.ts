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
  volumes?: string[];
  secrets?: string[];
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
describe("the compose files (parsed; the Docker engine is not available to run them)", () => {
  it("compose.yaml, the default: one service with its data on a volume and the key from a mounted file, as docs/deploy.md says", async () => {
    const file = parse(await readFile(path.join(ROOT, "compose.yaml"), "utf8"), { merge: true }) as {
      services: Record<string, Service>;
      secrets: Record<string, { file: string }>;
      volumes: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(file.services), ["bugscout"]);
    const service = file.services.bugscout!;
    assert.match(service.image ?? "", /^ghcr\.io\/bugscout\/bugscout:\d+$/);
    // The volume is mounted where the image keeps its data (BUGSCOUT_DATA_DIR in the Dockerfile).
    const dockerfile = await readFile(path.join(ROOT, "Dockerfile"), "utf8");
    const dataDir = /BUGSCOUT_DATA_DIR=(\S+)/.exec(dockerfile)?.[1];
    assert.deepEqual(service.volumes, [`${Object.keys(file.volumes)[0]}:${dataDir}`]);
    assert.deepEqual(service.secrets, ["bugscout-private-key"]);
    assert.equal(interpolate(file.secrets["bugscout-private-key"]!.file, {}), "./bugscout.pem");
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), { APP_ID: "123456", WEBHOOK_SECRET: "s3cret" })]));
    assert.equal(env.PRIVATE_KEY, undefined, "no key in the environment");
    assert.equal(env.PRIVATE_KEY_PATH, "/run/secrets/bugscout-private-key", "Compose mounts secret files at /run/secrets/<name>");
    const parsed = parseEnv({ ...env, NODE_ENV: "production" }, "/app");
    assert.equal(parsed.queue, undefined, "the embedded process: no Redis");
    assert.equal(parsed.databaseUrl, undefined, "records in SQLite on the volume");

    const deploy = await readFile(path.join(ROOT, "docs/deploy.md"), "utf8");
    assert.match(deploy, /`compose\.yaml` runs one service, `bugscout`, with the data volume `bugscout-data` mounted at `\/data`/);
    assert.equal(Object.keys(file.volumes)[0], "bugscout-data");
    assert.equal(dataDir, "/data");
  });

  it("compose.scale.yml has web, two workers, Redis and PostgreSQL, and every app service's environment passes src/env.ts", async () => {
    const file = parse(await readFile(path.join(ROOT, "compose.scale.yml"), "utf8"), { merge: true }) as { services: Record<string, Service> };
    const scaling = await readFile(path.join(ROOT, "docs/scaling.md"), "utf8");
    assert.match(scaling, /`compose\.scale\.yml` at the repository root runs web, two workers, Redis and PostgreSQL/);
    assert.deepEqual(Object.keys(file.services), ["web", "worker", "redis", "postgres"]);
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
