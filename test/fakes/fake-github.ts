import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isPublic, issueRoutes } from "./fake-github-issues.js";
import { routingRoutes } from "./fake-github-routing.js";
import { checkRoutes } from "./fake-github-checks.js";
import { BOT_USER, createFakeRepo, type FakeComment, type FakeRepo } from "./fake-github-state.js";

export { BOT_USER, type FakeCheckRun, type FakeComment, type FakeRepo } from "./fake-github-state.js";

/** One request the fake received; `path` has the GHE `/api/v3` prefix and the query removed. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly authorization: string;
  readonly body: unknown;
}

/** A canned failure for the next request matching method and path. */
interface Fault {
  readonly method: string;
  readonly path: RegExp;
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Matching requests still to fail. */
  remaining: number;
  readonly afterEffect: boolean;
  readonly delayMs: number;
  /** Served as usual, only late. */
  readonly stall: boolean;
}

/** Options for {@link FakeGitHub.failNext}. */
export interface FaultOptions {
  /** Extra response headers, e.g. `retry-after` or `x-ratelimit-remaining` / `x-ratelimit-reset`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** How many consecutive matching requests fail (default 1). */
  readonly times?: number;
  /** Carry the request out (e.g. create the comment) and then answer with the failure, as a proxy timing out would. */
  readonly afterEffect?: boolean;
  /** Answer only after this long (a stalled request; the fake's `close` cuts it). */
  readonly delayMs?: number;
}

/** A fake answer. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer | string; delayMs?: number };
/** A route handler: the path match, the request and the base URL (with `/api/v3` for GHE). */
export type Route = (m: RegExpExecArray, req: RecordedRequest, base: string) => Reply;
/** Method, path pattern, handler and credentials (`token`: an installation token of the repository in m[1]/m[2]). */
export type RouteSpec = [string, RegExp, Route, "jwt" | "token" | "none"];

/**
 * A stateful fake of the GitHub REST API on 127.0.0.1: installation tokens, settings files (raw YAML), branches,
 * tarballs (through a codeload-style redirect), issue comments, reactions and collaborator permissions, and routing's
 * files, labels, issue events and assignees (fake-github-routing.ts). Every request
 * is recorded; a request no route knows, or with the wrong credentials, is answered 501 and listed in `unexpected`.
 */
export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly unexpected: RecordedRequest[] = [];
  /** `.github/bugscout.yml` of each owner's `.github` repository. */
  readonly orgSettings = new Map<string, string>();
  /** Repositories by lower-case `owner/name`; one per installation that has a repository of that name. */
  private readonly repos = new Map<string, FakeRepo[]>();
  private readonly faults: Fault[] = [];
  /** Milliseconds added before every answer (benches model GitHub's latency with it). */
  latencyMs = 0;
  /** Response body bytes sent, for benches that measure download volume. */
  bytesSent = 0;
  /** Routes added by other files (e.g. fake-github-pulls.ts), tried after the built-in ones. */
  readonly extraRoutes: RouteSpec[] = [];
  private nextCommentId = 1000;
  private server?: Server;
  private port = 0;

  /** `http://127.0.0.1:<port>/api/v3`, the base URL Probot uses with GHE_HOST + GHE_PROTOCOL=http. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api/v3`;
  }

  /** `127.0.0.1:<port>`, for GHE_HOST. */
  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Closes the server, then asserts that it saw no request it did not expect. Closing first means a failed check
   * still lets the test process exit instead of holding it until the runner's timeout.
   */
  async closeAndCheck(): Promise<void> {
    await this.close();
    assert.deepEqual(this.unexpected, [], "the fake GitHub saw no unexpected request");
  }

  /**
   * Adds a repository, replacing one of the same name in the same installation. Two installations may each have a
   * repository called `owner/name` (say, on two GitHub hosts); requests reach the one their token belongs to.
   */
  addRepo(init: Parameters<typeof createFakeRepo>[0]): FakeRepo {
    const repo = createFakeRepo(init);
    const key = `${init.owner}/${init.name}`.toLowerCase();
    this.repos.set(key, [...(this.repos.get(key) ?? []).filter((r) => r.installationId !== init.installationId), repo]);
    return repo;
  }

  /** The repository `owner/name` (of `installationId`, when several installations have one by that name). */
  repo(owner: string, name: string, installationId?: number): FakeRepo {
    const all = this.repos.get(`${owner}/${name}`.toLowerCase()) ?? [];
    const found = installationId === undefined ? all : all.filter((r) => r.installationId === installationId);
    if (found.length !== 1) throw new Error(`no single fake repo ${owner}/${name}${installationId === undefined ? "" : ` in installation ${installationId}`}`);
    return found[0];
  }

  /** Adds a comment as if someone had posted it. */
  seedComment(repo: FakeRepo, issue: number, body: string, user: FakeComment["user"]): FakeComment {
    const comment = { id: this.nextCommentId++, body, user, createdAt: performance.now() };
    repo.comments.set(issue, [...(repo.comments.get(issue) ?? []), comment]);
    return comment;
  }

  /** A person reacts to a comment (`+1`, `-1`, `eyes`, …), as a reader would on GitHub. */
  react(repo: FakeRepo, commentId: number, content: string, login: string): void {
    repo.peopleReactions.push({ commentId, content, login });
  }

  /** Makes the next request (or `options.times` requests) matching `method` and `path` fail with `status`. */
  failNext(method: string, path: RegExp, status: number, message = "fault injected", options: FaultOptions = {}): void {
    this.faults.push({ method, path, status, message, headers: options.headers ?? {}, remaining: options.times ?? 1, afterEffect: options.afterEffect === true, delayMs: options.delayMs ?? 0, stall: false });
  }

  /** Makes the next request matching `method` and `path` answer as usual, but only after `ms` (a stalled GitHub). */
  stallNext(method: string, path: RegExp, ms: number): void {
    this.faults.push({ method, path, status: 0, message: "", headers: {}, remaining: 1, afterEffect: false, delayMs: ms, stall: true });
  }

  /** `METHOD /path` of every recorded request, in order. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const prefix = url.pathname.startsWith("/api/v3/") ? "/api/v3" : "";
    const record: RecordedRequest = {
      method: req.method ?? "GET",
      path: decodeURIComponent(url.pathname.slice(prefix.length)),
      query: Object.fromEntries(url.searchParams),
      authorization: String(req.headers.authorization ?? ""),
      body: text ? safeJson(text) : undefined,
    };
    this.requests.push(record);
    const reply = this.route(record, `http://127.0.0.1:${this.port}${prefix}`);
    const headers: Record<string, string> = { ...(reply.headers ?? {}) };
    const delay = this.latencyMs + (reply.delayMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (reply.raw !== undefined) {
      this.bytesSent += Buffer.byteLength(reply.raw);
      res.writeHead(reply.status, headers).end(reply.raw);
    } else {
      const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
      this.bytesSent += Buffer.byteLength(text);
      res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(text);
    }
  }

  private route(req: RecordedRequest, base: string): Reply {
    const fault = this.faults.find((f) => f.method === req.method && f.path.test(req.path));
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
      if (fault.stall) return { ...this.serve(req, base), delayMs: fault.delayMs };
      if (fault.afterEffect) this.serve(req, base);
      return { status: fault.status, body: { message: fault.message }, headers: { ...fault.headers }, ...(fault.delayMs > 0 ? { delayMs: fault.delayMs } : {}) };
    }
    return this.serve(req, base);
  }

  private serve(req: RecordedRequest, base: string): Reply {
    for (const [method, pattern, handler, auth] of this.routes()) {
      const match = method === req.method ? pattern.exec(req.path) : null;
      if (!match) continue;
      if (!this.authorized(req, auth, match)) break;
      return handler(match, req, base);
    }
    this.unexpected.push(req);
    return { status: 501, body: { message: `fake GitHub has no route for ${req.method} ${req.path}` } };
  }

  private authorized(req: RecordedRequest, auth: "jwt" | "token" | "none", match: RegExpExecArray): boolean {
    if (auth === "none") return true;
    if (auth === "jwt") return /^bearer [\w-]+\.[\w-]+\.[\w-]+$/i.test(req.authorization);
    const candidates = this.repos.get(`${match[1]}/${match[2]}`.toLowerCase()) ?? [];
    if (candidates.length === 0) return req.authorization.startsWith("token ghs_fake_");
    if (req.authorization === "" && candidates.length === 1 && isPublic(candidates[0])) return true;
    return candidates.some((repo) => req.authorization === `token ghs_fake_${repo.installationId}`);
  }

  /** The repository a request means: the one of its token's installation (codeload passes it in the query). */
  find(owner: string, name: string, req: RecordedRequest): FakeRepo | undefined {
    const candidates = this.repos.get(`${owner}/${name}`.toLowerCase()) ?? [];
    const installation = /^token ghs_fake_(\d+)$/.exec(req.authorization)?.[1] ?? req.query.installation;
    return candidates.find((r) => String(r.installationId) === installation) ?? (candidates.length === 1 && installation === undefined ? candidates[0] : undefined);
  }

  private routes(): RouteSpec[] {
    return [
      ...this.extraRoutes,
      ["POST", /^\/app\/installations\/(\d+)\/access_tokens$/, (m) => ({
        status: 201,
        body: { token: `ghs_fake_${m[1]}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {}, repository_selection: "all" },
      }), "jwt"],
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/contents\/\.github\/bugscout\.yml$/, (m, req) => this.settingsFile(m[1], m[2], req), "token"],
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/branches\/([^/]+)$/, (m, req) => this.withRepo(m, req, (repo) => (m[3] === repo.defaultBranch
        ? { status: 200, body: { name: repo.defaultBranch, commit: { sha: repo.headSha } } }
        : { status: 404, body: { message: "Branch not found" } })), "token"],
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/tarball\/([0-9a-f]+)$/, (m, req, base) => this.withRepo(m, req, (repo) => ({
        status: 302,
        headers: { location: `${base.replace(/\/api\/v3$/, "")}/_codeload/${m[1]}/${m[2]}/legacy.tar.gz/${m[3]}?token=TOKEN_IN_URL&installation=${repo.installationId}` },
      })), "token"],
      ["GET", /^\/_codeload\/([^/]+)\/([^/]+)\/legacy\.tar\.gz\/([0-9a-f]+)$/, (m, req) => this.withRepo(m, req, (repo) => {
        const tarball = repo.tarballs.get(m[3]);
        return tarball ? { status: 200, raw: tarball, headers: { "content-type": "application/x-gzip" } } : { status: 404, body: { message: "Not Found" } };
      }), "none"],
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/, (m, req, base) => this.withRepo(m, req, (repo) => this.listComments(repo, Number(m[3]), req, base)), "token"],
      ["POST", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/, (m, req) => this.withRepo(m, req, (repo) => this.createComment(repo, Number(m[3]), req)), "token"],
      ["PATCH", /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/, (m, req) => this.withRepo(m, req, (repo) => this.updateComment(repo, Number(m[3]), req)), "token"],
      ["POST", /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)\/reactions$/, (m, req) => this.withRepo(m, req, (repo) => {
        const content = (req.body as { content?: string } | undefined)?.content ?? "";
        repo.reactions.push(`${m[3]}:${content}`);
        return { status: 201, body: { id: repo.reactions.length, content } };
      }), "token"],
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)\/reactions$/, (m, req) => this.withRepo(m, req, (repo) => {
        const id = Number(m[3]);
        const own = repo.reactions.filter((r) => r.startsWith(`${id}:`)).map((r) => ({ content: r.slice(r.indexOf(":") + 1), user: BOT_USER }));
        const people = repo.peopleReactions.filter((r) => r.commentId === id).map((r) => ({ content: r.content, user: { login: r.login, type: "User", id: 100 } }));
        return { status: 200, body: [...own, ...people].map((r, i) => ({ id: i + 1, ...r })) };
      }), "token"],
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)\/permission$/, (m, req) => this.withRepo(m, req, (repo) => {
        const role = repo.roles.get(m[3]);
        if (!role) return { status: 404, body: { message: "Not Found" } };
        const permission = role === "maintain" ? "write" : role === "triage" ? "read" : role;
        return { status: 200, body: { permission, role_name: role, user: { login: m[3] } } };
      }), "token"],
      ...issueRoutes((m, req, fn) => this.withRepo(m, req as RecordedRequest, fn)),
      ...routingRoutes((m, req, fn) => this.withRepo(m, req as RecordedRequest, fn)),
      ...checkRoutes((m, req, fn) => this.withRepo(m, req as RecordedRequest, fn)),
    ];
  }

  private withRepo(m: RegExpExecArray, req: RecordedRequest, fn: (repo: FakeRepo) => Reply): Reply {
    const repo = this.find(m[1], m[2], req);
    return repo ? fn(repo) : { status: 404, body: { message: "Not Found" } };
  }

  private settingsFile(owner: string, name: string, req: RecordedRequest): Reply {
    const text = name === ".github" ? this.orgSettings.get(owner) : this.find(owner, name, req)?.settings;
    if (text === undefined) return { status: 404, body: { message: "Not Found" } };
    // Raw content: any content type except `application/json; charset=utf-8`, which the config plugin reads as a directory.
    return { status: 200, raw: text, headers: { "content-type": "text/plain; charset=utf-8" } };
  }

  private listComments(repo: FakeRepo, issue: number, req: RecordedRequest, base: string): Reply {
    const perPage = Math.min(100, Number(req.query.per_page ?? 30));
    const page = Number(req.query.page ?? 1);
    const all = repo.comments.get(issue) ?? [];
    const slice = all.slice((page - 1) * perPage, page * perPage);
    const headers: Record<string, string> = {};
    if (page * perPage < all.length) {
      headers.link = `<${base}/repos/${repo.owner}/${repo.name}/issues/${issue}/comments?per_page=${perPage}&page=${page + 1}>; rel="next"`;
    }
    return { status: 200, body: slice, headers };
  }

  private createComment(repo: FakeRepo, issue: number, req: RecordedRequest): Reply {
    if (repo.lockedIssues.has(issue)) return { status: 403, body: { message: "Unable to create comment because issue is locked." } };
    const body = String((req.body as { body?: unknown } | undefined)?.body ?? "");
    const comment = this.seedComment(repo, issue, body, BOT_USER);
    return { status: 201, body: comment };
  }

  private updateComment(repo: FakeRepo, id: number, req: RecordedRequest): Reply {
    for (const comments of repo.comments.values()) {
      const comment = comments.find((c) => c.id === id);
      if (comment) {
        comment.body = String((req.body as { body?: unknown } | undefined)?.body ?? "");
        return { status: 200, body: comment };
      }
    }
    return { status: 404, body: { message: "Not Found" } };
  }
}

/** Starts a fake GitHub on a free loopback port. */
export function startFakeGitHub(): Promise<FakeGitHub> {
  return new FakeGitHub().start();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
