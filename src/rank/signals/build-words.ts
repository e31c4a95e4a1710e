/**
 * An issue title about building, packaging, dependencies or versions lifts the demotion of build files (wrappers,
 * manifests, build scripts). Tool names count (a title naming Gradle or CMake is about the build), as do the verbs of
 * a build (compile, link, install) and dependency words. "version" alone does not: "since version 2.3 X fails" is a
 * behaviour bug; a version of a tool or dependency ("Gradle 8", "upgrade to JDK 21", "bump serde") does count.
 */
export const BUILD_WORDS = new RegExp([
  String.raw`\b(build(s|ing)?|compil(e|es|ed|ing|ation|er)|link(er|ing)|linkage|install(s|ed|ing|ation)?|packag(e|ing) manager|toolchain)\b`,
  String.raw`\b(gradle|gradlew|maven|mvn|pom\.xml|npm|yarn|pnpm|cargo|cmake|makefile|bazel|meson|autotools|setuptools|pip|pyproject|go\.mod|go modules?)\b`,
  String.raw`\b(dependenc(y|ies)|deps|upgrad(e|es|ing)|bump(s|ed)?|msrv|jdk|msvc|gcc|clang|mingw)\b`,
].join("|"), "i");
