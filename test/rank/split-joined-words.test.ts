import { test } from "node:test";
import assert from "node:assert/strict";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { splitJoinedWord } from "../../src/rank/lexical/split-joined-words.js";
import { buildShopIndex, goFile, type FixtureFile } from "./fixture-shop.js";

const frequencies = (table: Record<string, number>) => (term: string): number => table[term] ?? 0;

test("a joined name splits where both sides are used more often than the name itself", () => {
  const df = frequencies({ tracing: 10, handler: 140, tracinghandler: 2, date: 300, parse: 200, dateparse: 12 });
  assert.deepEqual(splitJoinedWord("tracinghandler", df), ["tracing", "handler"]);
  assert.deepEqual(splitJoinedWord("dateparse", df), ["date", "parse"]);
});

test("a word used more often than its would-be pieces stays whole (Samurai's rule)", () => {
  // `transport` is a word of its own here: `trans` + `port` would only add noise to transport.go's name.
  const df = frequencies({ transport: 90, trans: 4, port: 200 });
  assert.equal(splitJoinedWord("transport", df), undefined);
});

test("pieces must be seen in more than one file, three letters or longer, and the name letters only", () => {
  assert.equal(splitJoinedWord("fooqux", frequencies({ foo: 1, qux: 5 })), undefined, "a piece seen once is no evidence");
  assert.equal(splitJoinedWord("gomod", frequencies({ go: 50, mod: 30 })), undefined, "two-letter pieces match by accident");
  assert.equal(splitJoinedWord("http2server", frequencies({ http: 50, server: 80 })), undefined);
  assert.equal(splitJoinedWord("short", frequencies({ sho: 9, rt: 9 })), undefined);
});

test("each side splits again, and the split point whose rarer side is most used wins", () => {
  const df = frequencies({ model: 80, form: 60, sets: 20, formsets: 3, modelformsets: 1, modelform: 2 });
  assert.deepEqual(splitJoinedWord("modelformsets", df), ["model", "form", "sets"]);
});

const SERVICE: readonly FixtureFile[] = [
  goFile("rest/handler/tracinghandler.go",
    "package handler\n\n// TracingHandler starts a span and propagates the span context.\n" +
    "func TracingHandler(name, path string) func(http.Handler) http.Handler {\n\treturn startSpan(name, path)\n}\n"),
  goFile("rest/handler/loghandler.go",
    "package handler\n\n// LogHandler logs each request with its status and duration.\n" +
    "func LogHandler(next http.Handler) http.Handler {\n\treturn logRequest(next)\n}\n"),
  goFile("rest/handler/authhandler.go",
    "package handler\n\n// AuthHandler checks the request's token before the handler runs.\n" +
    "func AuthHandler(next http.Handler) http.Handler {\n\treturn checkToken(next)\n}\n"),
  goFile("rest/handler/timeouthandler.go",
    "package handler\n\n// TimeoutHandler cancels a request that runs too long.\n" +
    "func TimeoutHandler(d time.Duration) func(http.Handler) http.Handler {\n\treturn withTimeout(d)\n}\n"),
  goFile("core/trace/agent.go",
    "package trace\n\n// StartAgent sets up the tracing exporter and its sampler.\n" +
    "func StartAgent(c Config) {\n\tstartTracingAgent(c.Endpoint, c.Sampler)\n}\n"),
  goFile("core/trace/attributes.go",
    "package trace\n\n// Span attributes of a traced request.\nconst (\n\tRequestPath = \"http.path\"\n\tTracingID = \"trace.id\"\n)\n"),
];

test("an issue about tracing requests finds the handler whose file name joins the words", () => {
  const index = buildShopIndex(SERVICE);
  const ranked = rankLexical(index, "How do I filter invalid link tracing requests\n" +
    "The load balancer sends health checks all the time, and Jaeger shows every one of them.");
  assert.equal(ranked[0].path, "rest/handler/tracinghandler.go", ranked.map((f) => f.path).join(", "));
  assert.ok(ranked[0].evidence.terms.includes("tracing"), `terms: ${ranked[0].evidence.terms.join(",")}`);
});
