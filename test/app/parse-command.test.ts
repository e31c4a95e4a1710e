import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseCommand } from "../../src/triage/parse-command.js";

describe("parseCommand", () => {
  it("finds no command in ordinary comments, quotes or code blocks", () => {
    for (const body of ["", "thanks!", "try /bugscout later", "> /bugscout", "```\n/bugscout\n```", "/bugscoutx", "~~~\n/bugscout top=2\n~~~"]) {
      assert.equal(parseCommand(body), undefined, body);
    }
  });

  it("parses a bare command and help", () => {
    assert.deepEqual(parseCommand("/bugscout"), { kind: "rank", options: { include: [], exclude: [], hint: "" } });
    assert.deepEqual(parseCommand("  /BugScout help me"), { kind: "help" });
    assert.deepEqual(parseCommand("/bugscout stats"), { kind: "stats" });
    assert.deepEqual(parseCommand("/bugscout STATS\n"), { kind: "stats" });
    assert.deepEqual(parseCommand("/bugscout stats look at the cache"), { kind: "rank", options: { include: [], exclude: [], hint: "stats look at the cache" } });
  });

  it("parses options and keeps the rest as hints, including the lines below", () => {
    assert.deepEqual(parseCommand("Thanks.\n/bugscout top=3 mode=Dense path:./src/api/ -path:tests look at retry\n\nthe backoff is wrong\r\nsee logs"), {
      kind: "rank",
      options: { topK: 3, mode: "dense", include: ["src/api"], exclude: ["tests"], hint: "look at retry\nthe backoff is wrong\nsee logs" },
    });
  });

  it("collects every malformed option", () => {
    assert.deepEqual(parseCommand("/bugscout top=0 top=abc mode=turbo path:../x -path: path:a//b"), {
      kind: "invalid",
      errors: [
        "`top` must be a whole number from 1 to 20",
        "`mode` must be one of `auto`, `bm25`, `dense`, `hybrid`",
        "a `path:` option needs a relative directory without `..`",
      ],
    });
  });

  it("bounds what it reads from a huge comment", () => {
    const command = parseCommand(`/bugscout ${"word ".repeat(20_000)}`);
    assert.equal(command?.kind, "rank");
    assert.ok(command?.kind === "rank" && command.options.hint.length <= 4000);
    assert.equal(parseCommand(`${"x\n".repeat(40_000)}/bugscout`), undefined, "a command past 65,536 characters is not read");
  });
});
