import assert from "node:assert/strict";
import { test } from "node:test";
import { analyzeToBytes, countLines } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";

const COOKIE = (platform: string) => `package okio.cookies

// ${platform} implementation of the cookie jar: parses the Set-Cookie header and keeps the cookie until it expires.
actual class CookieJar {
    actual fun save(header: String): Cookie = parseSetCookie(header)
    actual fun expire(cookie: Cookie) { cookie.expiresAt = 0 }
}
`;

/** A Kotlin Multiplatform library: one file with a copy per platform, and the code that uses it. */
function kmpIndex() {
  const files = [
    ...["common", "jvm", "js", "ios", "linuxX64"].map((p) => ({ path: `library/src/${p}Main/kotlin/okio/cookies/CookieJar.kt`, text: COOKIE(p) })),
    { path: "library/src/commonMain/kotlin/okio/http/Client.kt", text: "package okio.http\n\nclass Client(val jar: CookieJar) {\n    fun send(request: Request) = jar.save(request.header(\"Set-Cookie\"))\n}\n" },
  ];
  return buildLexicalIndex(files.map((f) => ({
    path: f.path, hash: `h-${f.path}`, language: "kotlin" as const, lineCount: countLines(f.text), symbols: [],
    analysis: analyzeToBytes({ text: f.text, language: "kotlin", symbols: [] }),
  })));
}

test("platform copies of one multiplatform file do not fill the top: the common copy leads, the rest are damped", () => {
  const index = kmpIndex();
  const issue = "Cookie jar keeps an expired cookie\nAfter the Set-Cookie header sets an expiry in the past, save() still returns the cookie.";
  const ranked = rankLexical(index, issue).map((f) => f.path);
  assert.equal(ranked[0], "library/src/commonMain/kotlin/okio/cookies/CookieJar.kt");
  assert.equal(ranked[1], "library/src/commonMain/kotlin/okio/http/Client.kt", ranked.join("\n"));
  const undamped = rankLexical(index, issue, { platformCopies: 1 }).map((f) => f.path);
  assert.ok(undamped.indexOf("library/src/commonMain/kotlin/okio/http/Client.kt") > 1, undamped.join("\n"));
});

test("a copy whose platform the issue names is not damped", () => {
  const index = kmpIndex();
  const issue = "On iOS the cookie jar keeps an expired cookie\nAfter the Set-Cookie header sets an expiry in the past, save() still returns the cookie.";
  const ranked = rankLexical(index, issue).map((f) => f.path);
  assert.deepEqual(ranked.slice(0, 2).sort(), ["library/src/commonMain/kotlin/okio/cookies/CookieJar.kt", "library/src/iosMain/kotlin/okio/cookies/CookieJar.kt"]);
});
