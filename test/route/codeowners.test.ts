import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findOwners, ownerName, parseCodeowners } from "../../src/route/parse-codeowners.js";

// The example file of GitHub's "About code owners" (docs.github.com), with the comments that say what each line does.
const GITHUB_EXAMPLE = `# This is a comment.
# Each line is a file pattern followed by one or more owners.

# These owners will be the default owners for everything in
# the repo. Unless a later match takes precedence,
# @global-owner1 and @global-owner2 will be requested for
# review when someone opens a pull request.
*       @global-owner1 @global-owner2

# Order is important; the last matching pattern takes the most
# precedence. When someone opens a pull request that only
# modifies JS files, only @js-owner and not the global
# owner(s) will be requested for a review.
*.js    @js-owner #This is an inline comment.

# You can also use email addresses if you prefer. They'll be
# used to look up users just like we do for commit author
# emails.
*.go docs@example.com

# Teams can be specified as code owners as well. Teams should
# be identified in the format @org/team-name. Teams must have
# explicit write access to the repository. In this example,
# the octocats team in the octo-org organization owns all .txt files.
*.txt @octo-org/octocats

# In this example, @doctocat owns any files in the build/logs
# directory at the root of the repository and any of its
# subdirectories.
/build/logs/ @doctocat

# The \`docs/*\` pattern will match files like
# \`docs/getting-started.md\` but not further nested files like
# \`docs/build-app/troubleshooting.md\`.
docs/*  docs@example.com

# In this example, @octocat owns any file in an apps directory
# anywhere in your repository.
apps/ @octocat

# In this example, @doctocat owns any file in the \`/docs\`
# directory in the root of your repository and any of its
# subdirectories.
/docs/ @doctocat

# In this example, any change inside the \`/scripts\` directory
# will require approval from @doctocat or @octocat.
/scripts/ @doctocat @octocat

# In this example, @octocat owns any file in a \`/logs\` directory such as
# \`/build/logs\`, \`/scripts/logs\`, and \`/deeply/nested/logs\`. Any changes
# in a \`/logs\` directory will require approval from @octocat.
**/logs @octocat

# In this example, @octocat owns any file in the \`/apps\`
# directory in the root of your repository except for the \`/apps/github\`
# subdirectory, as its owners are left empty. Without an owner, changes
# to \`apps/github\` can be made with the approval of any user who has
# write access to the repository.
/apps/ @octocat
/apps/github

# In this example, @octocat owns any file in the \`/apps\`
# directory in the root of your repository except for the \`/apps/github\`
# subdirectory, as this subdirectory has its own owner @doctocat
/apps/ @octocat
/apps/github @doctocat
`;

function owners(text: string, path: string): string[] {
  return findOwners(parseCodeowners(text, "CODEOWNERS"), path).map(ownerName);
}

describe("CODEOWNERS with GitHub's rules", () => {
  const file = parseCodeowners(GITHUB_EXAMPLE, ".github/CODEOWNERS");

  it("reads GitHub's documented example without a problem", () => {
    assert.deepEqual(file.problems, []);
    assert.equal(file.rules.length, 14);
  });

  it("gives each path the owners of the last pattern that matches it", () => {
    const cases: [string, string[]][] = [
      ["README.md", ["@global-owner1", "@global-owner2"]],
      ["src/lib/util.rb", ["@global-owner1", "@global-owner2"]],
      ["src/app.js", ["@js-owner"]], // `*.js` at any depth; the inline comment is not an owner
      ["cmd/main.go", ["docs@example.com"]], // e-mail owners
      ["notes/todo.txt", ["@octo-org/octocats"]], // teams
      ["build/logs/today/x.log", ["@octocat"]], // /build/logs/ then **/logs: the later rule wins
      ["docs/getting-started.md", ["@doctocat"]], // docs/* then /docs/: the later rule wins
      ["scripts/deploy/run.sh", ["@doctocat", "@octocat"]],
      ["deeply/nested/logs/a.txt", ["@octocat"]], // **/logs covers everything under any logs folder
      ["apps/web/index.html", ["@octocat"]],
      ["apps/github/hook.rb", ["@doctocat"]], // the last /apps/github (with an owner) wins over the empty one
      ["lib/apps/tool.rb", ["@octocat"]], // `apps/` anywhere
    ];
    for (const [path, expected] of cases) assert.deepEqual(findOwners(file, path).map(ownerName), expected, path);
  });

  it("matches `docs/*` one level deep only, and `/docs/` at every depth", () => {
    const text = "docs/* docs@example.com\n";
    assert.deepEqual(owners(text, "docs/getting-started.md"), ["docs@example.com"]);
    assert.deepEqual(owners(text, "docs/build-app/troubleshooting.md"), []);
    assert.deepEqual(owners("/docs/ @doctocat\n", "docs/build-app/troubleshooting.md"), ["@doctocat"]);
    assert.deepEqual(owners("/docs/ @doctocat\n", "src/docs/a.md"), [], "a leading / anchors at the root");
  });

  it("leaves files without owners when the last matching line has none", () => {
    assert.deepEqual(owners("/apps/ @octocat\n/apps/github\n", "apps/github/hook.rb"), []);
    assert.deepEqual(owners("/apps/ @octocat\n/apps/github\n", "apps/gitlab/hook.rb"), ["@octocat"]);
  });

  it("reads a folder pattern as a folder only, and a named folder as everything under it", () => {
    assert.deepEqual(owners("apps/ @octocat\n", "apps"), [], "apps/ is a folder, not a file named apps");
    assert.deepEqual(owners("/apps/github @doctocat\n", "apps/github"), ["@doctocat"], "a name without / is a file too");
    assert.deepEqual(owners("src/*.py @py\n", "src/a/b.py"), [], "* stays within one folder");
    assert.deepEqual(owners("src/**/*.py @py\n", "src/a/b.py"), ["@py"]);
    assert.deepEqual(owners("src/**/*.py @py\n", "src/b.py"), ["@py"], "** matches no folder too");
    assert.deepEqual(owners("*.md @md\n", ".github/ISSUE.md"), ["@md"], "gitignore patterns match dot folders");
    assert.deepEqual(owners("? @one\n", "a"), ["@one"]);
  });

  it("reports what GitHub does not support and keeps the rest", () => {
    const parsed = parseCodeowners("!src/*.js @x\n[ab].txt @brackets\n* @all not-an-owner @ok\n", "CODEOWNERS");
    assert.deepEqual(parsed.problems.map((p) => `${p.path}: ${p.message}`), [
      "line 1: GitHub does not support `!` patterns in CODEOWNERS; the line is skipped",
      "line 3: `not-an-owner` is not a @user, @org/team or e-mail address; it is left out",
    ]);
    assert.deepEqual(findOwners(parsed, "[ab].txt").map(ownerName), ["@all", "@ok"], "[ ] is text, and the later * wins");
    assert.deepEqual(owners("[ab].txt @brackets\n", "[ab].txt"), ["@brackets"]);
    assert.deepEqual(owners("[ab].txt @brackets\n", "a.txt"), []);
    assert.deepEqual(owners("my\\ file.txt @space\n", "docs/my file.txt"), ["@space"]);
  });

  it("never lets a pattern leave the repository or match through `..`", () => {
    assert.deepEqual(owners("../secret @x\n/../../etc/passwd @y\n", "etc/passwd"), []);
    assert.deepEqual(owners("/ @root\n", "a.txt"), []);
    assert.deepEqual(parseCodeowners("/ @root\n", "CODEOWNERS").problems.map((p) => p.message), ["`/` alone names no file; the line is skipped"]);
  });

  it("stays fast on thousands of rules and on patterns built to backtrack", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `/src/module${i}/**/*.py @team${i % 50}`).join("\n");
    const hostile = `${"*a".repeat(200)}*b @x\n`;
    const started = performance.now();
    const parsed = parseCodeowners(many + "\n" + hostile, "CODEOWNERS");
    for (let i = 0; i < 5; i++) findOwners(parsed, `src/module${i}/${"a".repeat(300)}/x.py`);
    assert.deepEqual(findOwners(parsed, `${"a".repeat(400)}c`).map(ownerName), []);
    assert.deepEqual(findOwners(parsed, "src/module7/deep/x.py").map(ownerName), ["@team7"]);
    // A bound far above the time taken (well under a second on a loaded 2-core machine) that an exponential matcher
    // (the hostile pattern has 200 stars) would never meet.
    assert.ok(performance.now() - started < 20_000, "bounded time");
  });
});
