import { parse } from "yaml";

/** A GitHub App manifest (https://docs.github.com/apps/sharing-github-apps/registering-a-github-app-from-a-manifest). */
export interface AppManifest {
  readonly name: string;
  readonly url: string;
  readonly hook_attributes: { readonly url: string; readonly active: boolean };
  readonly redirect_url: string;
  readonly public: boolean;
  readonly default_permissions: Readonly<Record<string, string>>;
  readonly default_events: readonly string[];
  readonly description?: string;
}

/**
 * The manifest GitHub registers the app from: app.yml's name, description, home page, permissions, events and
 * visibility, with the deployment's webhook URL (`<public URL>/api/github/webhooks`, where the app listens) and the
 * page GitHub sends the browser back to with the code. Pure; throws when app.yml lacks what GitHub requires.
 */
export function buildAppManifest(appYml: string, options: { readonly publicUrl: string; readonly redirectUrl: string; readonly webhookPath?: string }): AppManifest {
  const app = parse(appYml) as Partial<Record<string, unknown>> | null;
  const name = app?.name;
  const permissions = app?.default_permissions;
  const events = app?.default_events;
  if (typeof name !== "string" || typeof permissions !== "object" || permissions === null || !Array.isArray(events)) {
    throw new Error("app.yml needs name, default_permissions and default_events");
  }
  return {
    name,
    url: typeof app?.url === "string" ? app.url : options.publicUrl,
    hook_attributes: { url: `${options.publicUrl.replace(/\/+$/, "")}${options.webhookPath ?? "/api/github/webhooks"}`, active: true },
    redirect_url: options.redirectUrl,
    public: app?.public === true,
    default_permissions: permissions as Record<string, string>,
    default_events: events.map(String),
    ...(typeof app?.description === "string" ? { description: app.description } : {}),
  };
}

/** What GitHub returns for a manifest code: the new app's id, page, key and webhook secret. */
export interface RegisteredApp {
  readonly id: number;
  readonly slug: string;
  readonly htmlUrl: string;
  readonly pem: string;
  readonly webhookSecret: string;
}

/**
 * Exchanges the code GitHub handed back after registering the app (`POST /app-manifests/{code}/conversions`, no
 * authentication; the code is valid for one hour, once).
 */
export async function convertManifestCode(apiUrl: string, code: string, fetchImpl: typeof fetch = fetch): Promise<RegisteredApp> {
  const response = await fetchImpl(`${apiUrl.replace(/\/+$/, "")}/app-manifests/${encodeURIComponent(code)}/conversions`, {
    method: "POST",
    headers: { accept: "application/vnd.github+json", "user-agent": "bugscout-setup" },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`GitHub answered ${response.status} to the app's code (a code works once, for an hour)`);
  const body = (await response.json()) as { id?: unknown; slug?: unknown; html_url?: unknown; pem?: unknown; webhook_secret?: unknown };
  if (typeof body.id !== "number" || typeof body.pem !== "string" || typeof body.webhook_secret !== "string" || typeof body.html_url !== "string") {
    throw new Error("GitHub's answer to the app's code lacks the id, key or webhook secret");
  }
  return { id: body.id, slug: typeof body.slug === "string" ? body.slug : "", htmlUrl: body.html_url, pem: body.pem, webhookSecret: body.webhook_secret };
}
