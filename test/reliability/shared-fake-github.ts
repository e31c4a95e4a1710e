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
  after(() => fake?.closeAndCheck());
  return () => {
    if (!fake) throw new Error("the fake GitHub is started by the describe's before hook");
    return fake;
  };
}
