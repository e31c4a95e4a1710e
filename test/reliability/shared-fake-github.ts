import assert from "node:assert/strict";
import { after, before } from "node:test";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";

/**
 * One fake GitHub for the tests of the enclosing `describe`, started before them and closed after them, once it is
 * checked that it saw no request it did not expect. Returns its getter (the fake exists once `before` ran).
 */
export function sharedFakeGitHub(): () => FakeGitHub {
  let fake: FakeGitHub | undefined;
  before(async () => {
    fake = await startFakeGitHub();
  });
  after(async () => {
    if (!fake) return;
    assert.deepEqual(fake.unexpected, [], "the fake GitHub saw no unexpected request");
    await fake.close();
  });
  return () => {
    if (!fake) throw new Error("the fake GitHub is started by the describe's before hook");
    return fake;
  };
}
