import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { buildAppManifest, convertManifestCode, type RegisteredApp } from "../github/app-manifest.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";

/** Options of `bugscout setup`. */
export interface SetupOptions {
  /** The public URL GitHub will send webhooks to (the app listens at `<url>/api/github/webhooks`). */
  readonly url?: string;
  /** Register the app for this organization instead of the signed-in user. */
  readonly org?: string;
  /** Where the key and the `.env` file are written (default: the current directory). */
  readonly out: string;
  readonly port: number;
  /** Interface to listen on: 127.0.0.1, or 0.0.0.0 in the container (its HOST). */
  readonly host: string;
  /** GitHub's web root (`https://github.com`, or a GitHub Enterprise Server's). */
  readonly githubUrl: string;
  /** Its API root; default `https://api.github.com` for github.com, else `<githubUrl>/api/v3`. */
  readonly apiUrl?: string;
}

/**
 * `bugscout setup --url <public URL>`: the manifest flow without Node on the host. Serves one page on `--port` whose
 * button posts app.yml's manifest to GitHub; GitHub registers the app and sends the browser back with a code, which is
 * exchanged for the app's id, private key and webhook secret. Writes `bugscout.pem` (mode 600) and `.env` (APP_ID,
 * WEBHOOK_SECRET; GHE_HOST for GitHub Enterprise) into `--out`, prints the lines that start the app with them, and
 * exits. Never prints the key or the secret. Refuses to start when either file exists (nothing is overwritten).
 */
export async function runSetupCommand(io: CliIo, options: SetupOptions): Promise<number> {
  const publicUrl = checkUrl(options.url);
  const githubUrl = options.githubUrl.replace(/\/+$/, "");
  const apiUrl = options.apiUrl ?? (new URL(githubUrl).host === "github.com" ? "https://api.github.com" : `${githubUrl}/api/v3`);
  const keyFile = path.resolve(options.out, "bugscout.pem");
  const envFile = path.resolve(options.out, ".env");
  for (const file of [keyFile, envFile]) {
    if (existsSync(file)) throw new CliError(`${file} exists already: move it away or pass --out <another folder>.`);
  }
  const appYml = readFileSync(new URL("../../app.yml", import.meta.url), "utf8");
  const state = randomBytes(16).toString("hex");
  const manifest = buildAppManifest(appYml, { publicUrl, redirectUrl: `http://localhost:${options.port}/callback` });
  const register = `${githubUrl}${options.org ? `/organizations/${encodeURIComponent(options.org)}` : ""}/settings/apps/new?state=${state}`;

  const registered = await new Promise<RegisteredApp>((resolve, reject) => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method !== "GET") {
        res.writeHead(405).end();
      } else if (url.pathname === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page("Register BugScout on GitHub",
          `<p>GitHub will create the app from BugScout's manifest, with its webhook at <code>${html(manifest.hook_attributes.url)}</code>.</p>`
          + `<form action="${html(register)}" method="post"><input type="hidden" name="manifest" value="${html(JSON.stringify(manifest))}">`
          + `<button type="submit">Register on GitHub</button></form>`));
      } else if (url.pathname === "/callback") {
        const code = url.searchParams.get("code");
        if (url.searchParams.get("state") !== state || !code) {
          res.writeHead(400, { "content-type": "text/plain" }).end("This is not the answer to this setup's registration.");
          return;
        }
        convertManifestCode(apiUrl, code).then((app) => {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8", connection: "close" }).end(page("BugScout is registered",
            `<p>Back in the terminal: the key and the settings are written. Then <a href="${html(app.htmlUrl)}/installations/new">install the app</a>.</p>`));
          server.close();
          server.closeIdleConnections();
          resolve(app);
        }, (error: unknown) => {
          res.writeHead(502, { "content-type": "text/plain" }).end("GitHub did not accept the code: see the terminal.");
          server.close();
          reject(new CliError(`registering the app failed: ${(error as Error).message}`));
        });
      } else {
        res.writeHead(404).end();
      }
    });
    server.once("error", (error) => reject(new CliError(`cannot listen on ${options.host}:${options.port}: ${error.message}`)));
    server.listen(options.port, options.host, () => {
      io.out(`Open http://localhost:${options.port} in a browser to register BugScout on GitHub (webhooks to ${manifest.hook_attributes.url}).`);
    });
  });

  const gheHost = new URL(githubUrl).host === "github.com" ? undefined : new URL(githubUrl).host;
  writeFileSync(keyFile, registered.pem, { mode: 0o600, flag: "wx" });
  writeFileSync(envFile, `APP_ID=${registered.id}\nWEBHOOK_SECRET=${registered.webhookSecret}\n${gheHost ? `GHE_HOST=${gheHost}\n` : ""}`, { mode: 0o600, flag: "wx" });
  for (const line of [
    `Registered ${registered.htmlUrl} (App ID ${registered.id}).`,
    `Wrote ${keyFile} (the app's private key) and ${envFile} (APP_ID, WEBHOOK_SECRET${gheHost ? ", GHE_HOST" : ""}).`,
    "Start BugScout from that folder, with Compose (compose.yaml reads .env and mounts bugscout.pem):",
    "  docker compose up -d",
    "or with docker run:",
    "  docker run -d --name bugscout -p 3000:3000 --env-file .env -v bugscout-data:/data \\",
    "    -e PRIVATE_KEY_PATH=/run/secrets/bugscout.pem -v \"$PWD/bugscout.pem:/run/secrets/bugscout.pem:ro\" ghcr.io/bugscout/bugscout:1",
    "or without Docker, in a checkout of BugScout:",
    "  set -a && . ./.env && set +a && PRIVATE_KEY_PATH=./bugscout.pem npm start",
    `Then install the app on your repositories: ${registered.htmlUrl}/installations/new`,
  ]) io.out(line);
  return 0;
}

function checkUrl(url: string | undefined): string {
  if (!url) throw new CliError("setup needs --url <the public https URL GitHub sends webhooks to>, e.g. --url https://bugscout.example.com.");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`--url must be an absolute URL such as https://bugscout.example.com, got '${url.slice(0, 100)}'.`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new CliError("--url must be an http(s) URL.");
  return parsed.href.replace(/\/+$/, "");
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${html(title)}</title></head><body><h1>${html(title)}</h1>${body}</body></html>`;
}

function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
