import { test } from "node:test";
import assert from "node:assert/strict";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { findTestSubjects } from "../../src/rank/lexical/test-subjects.js";
import type { FileRole } from "../../src/rank/lexical/file-role.js";
import { buildShopIndex, goFile, type FixtureFile } from "./fixture-shop.js";

test("a test file is paired with the code file beside it that its name names", () => {
  const files: { path: string; role: FileRole }[] = [
    { path: "core/mapping/unmarshaler.go", role: "code" },
    { path: "core/mapping/unmarshaler_test.go", role: "test" },
    { path: "src/parse.js", role: "code" },
    { path: "src/parse.test.js", role: "test" },
    { path: "pantry/units.py", role: "code" },
    { path: "pantry/test_units.py", role: "test" },
    // Elsewhere than beside its subject: a suite, not paired.
    { path: "pantry/tests/test_units.py", role: "test" },
    { path: "src/test/java/a/UnitsTest.java", role: "test" },
    { path: "src/main/java/a/Units.java", role: "code" },
    // Named after nothing that exists, or after a file that is not code.
    { path: "core/mapping/fuzz_test.go", role: "test" },
    { path: "docs/guide.md", role: "doc" },
    { path: "docs/guide_test.md", role: "test" },
  ];
  const pairs = [...findTestSubjects(files)].map(([t, c]) => `${files[t].path} -> ${files[c].path}`);
  assert.deepEqual(pairs, [
    "core/mapping/unmarshaler_test.go -> core/mapping/unmarshaler.go",
    "src/parse.test.js -> src/parse.js",
    "pantry/test_units.py -> pantry/units.py",
  ]);
});

// go-zero's shape: a short wrapper defines the function the issue names; the implementation, and the tests the
// reporter's reproduction resembles, sit beside it.
const MAPPING: readonly FixtureFile[] = [
  goFile("core/mapping/jsonunmarshaler.go",
    "package mapping\n\n// UnmarshalJsonReader unmarshals content from reader into v.\n" +
    "func UnmarshalJsonReader(reader io.Reader, v any) error {\n\treturn jsonUnmarshaler.UnmarshalReader(reader, v)\n}\n"),
  goFile("core/mapping/unmarshaler.go",
    "package mapping\n\n// Unmarshaler fills structs from maps.\ntype Unmarshaler struct{ key string }\n\n" +
    "func (u *Unmarshaler) fill(field reflect.Value, value any) error {\n" +
    "\tif !field.CanSet() {\n\t\treturn errNotSettable\n\t}\n\tfield.Set(reflect.ValueOf(value).Convert(field.Type()))\n\treturn nil\n}\n"),
  goFile("core/mapping/unmarshaler_test.go",
    "package mapping\n\nfunc TestUnmarshalUint64Negative(t *testing.T) {\n\ttype inner struct {\n\t\tMin uint64 `json:\"min\"`\n\t}\n" +
    "\tvar in inner\n\tassert.Error(t, UnmarshalJsonReader(strings.NewReader(`{\"min\": -1}`), &in))\n}\n\n" +
    "func TestUnmarshalCustomStringType(t *testing.T) {\n\ttype MyTxt string\n\ttype inner struct {\n\t\tTxt MyTxt `json:\"my_txt\"`\n\t}\n" +
    "\tvar in inner\n\tassert.Nil(t, UnmarshalJsonReader(strings.NewReader(`{\"my_txt\": \"x\"}`), &in))\n}\n"),
  goFile("rest/httpx/requests.go",
    "package httpx\n\n// ParseJsonBody parses the request's JSON body into v.\n" +
    "func ParseJsonBody(r *http.Request, v any) error {\n\treturn mapping.UnmarshalJsonReader(r.Body, v)\n}\n"),
];

const ISSUE = [
  "mapping.UnmarshalJsonReader doesn't handle custom string types and negative uint64",
  "```go",
  "type MyTxt string",
  "type Req struct {",
  "\tTxt MyTxt `json:\"my_txt\"`",
  "\tMin uint64 `json:\"min\"`",
  "}",
  "err := mapping.UnmarshalJsonReader(strings.NewReader(`{\"my_txt\": \"x\", \"min\": -1}`), &req)",
  "```",
  "A custom string type panics, and -1 in a uint64 field becomes 18446744073709551615.",
].join("\n");

test("the code file whose tests the reproduction reads like is lifted over the wrapper the issue names", () => {
  const index = buildShopIndex(MAPPING);
  const without = rankLexical(index, ISSUE, { testSubjects: 0 }).map((f) => f.path);
  const files = rankLexical(index, ISSUE);
  const ranked = files.map((f) => f.path);
  assert.equal(without[0], "core/mapping/jsonunmarshaler.go", without.join(", "));
  assert.equal(ranked[0], "core/mapping/unmarshaler.go", ranked.join(", "));
  // The comment says why: the test beside it matched.
  assert.deepEqual(files[0].evidence.tests, { path: "core/mapping/unmarshaler_test.go" });
  assert.equal(files.find((f) => f.path === "core/mapping/jsonunmarshaler.go")?.evidence.tests, undefined);
  // The test itself stays demoted below the code it tests.
  assert.ok(ranked.indexOf("core/mapping/unmarshaler_test.go") > ranked.indexOf("core/mapping/unmarshaler.go"));
});
