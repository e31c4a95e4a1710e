import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { BUILD_WORDS } from "../../src/rank/signals/build-words.js";
import { rankWithCli } from "./cli-rank-helper.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/gradle-modules");
const REPO = join(FIXTURE, "repo");
const BUILD = ["gradlew", "gradlew.bat", "build.gradle.kts", "settings.gradle.kts", "gradle/wrapper/gradle-wrapper.properties"];

// Before build files had a role, `gradlew` ranked first for this behaviour bug (its text shares "gradle",
// "wrapper", "java", "JAVA_HOME" with the reproduction steps).
test("Gradle multi-module: a behaviour bug keeps gradlew and build.gradle.kts out of the top 3", async (t) => {
  const ranked = await rankWithCli(t, REPO, join(FIXTURE, "behaviour-issue.md"));
  const top3 = ranked.slice(0, 3);
  assert.ok(!top3.includes("gradlew") && !top3.includes("build.gradle.kts"), `top 3: ${top3.join(", ")}`);
  assert.equal(ranked[0], "core/src/main/kotlin/com/acme/pricing/DiscountPolicy.kt");
});

test("Gradle multi-module: 'Build fails with Gradle 8' ranks the wrapper and the build script first", async (t) => {
  const ranked = await rankWithCli(t, REPO, join(FIXTURE, "build-issue.md"));
  assert.ok(BUILD.includes(ranked[0]), `first: ${ranked[0]}`);
  const top3 = ranked.slice(0, 3);
  assert.ok(top3.includes("gradlew") && top3.includes("build.gradle.kts"), `top 3: ${top3.join(", ")}`);
});

test("build words: tools, build verbs and dependency words count; a bare version or a method named build does not", () => {
  for (const title of ["Build fails with Gradle 8", "Compilation error on MSVC 2022", "Upgrade serde to 1.0.190",
    "cmake: cannot find zstd when installed", "npm install warns about a peer dependency"]) {
    assert.ok(BUILD_WORDS.test(title), title);
  }
  for (const title of ["Since version 2.3 the parser drops keys", "Wrong offset after seek", "Builder.withName() ignores nulls"]) {
    assert.ok(!BUILD_WORDS.test(title), title);
  }
});
