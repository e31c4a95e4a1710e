/** The usage text: `bugscout --help` prints it, and a usage error ends with it. */
export const USAGE = `Usage:
  bugscout index <dir> [--store <file>] [--json]
  bugscout rank --repo <dir> (--issue <text> | --issue-file <file>) [--top N] [--mode auto|bm25|dense|hybrid]
                [--include <glob>]... [--exclude <glob>]... [--budget-ms N] [--store <file>] [--symbols] [--json] [--local]
  bugscout eval --dataset <file.jsonl> --trees <dir> --out <run.jsonl> [--mode ...] [--repo owner/name]...
                [--limit N] [--store-dir <dir>] [--history] [--history-weight W] [--negatives]
  bugscout classify --dataset <issues.jsonl> --out <types.jsonl> [--labelled <labelled.jsonl>]
  bugscout check-settings [<file> | --repo <dir>]
  bugscout triage <owner/repo#N | issue URL> [--post] [--json] [--api-url <url>] [--store-dir <dir>]
  bugscout triage --issue-file <file> --repo <dir> [--label <name>]... [--settings <file>] [--json] [--store-dir <dir>]
  bugscout backtest <owner/repo> [--limit N] [--since YYYY-MM-DD] [--json] [--api-url <url>] [--store-dir <dir>]
  bugscout stats <owner/repo> [--json] [--api-url <url>] [--store-dir <dir>] [--installation N]
  bugscout redeliver --since <ISO time | 30m | 6h | 2d> [--dry-run] [--json]
  bugscout setup --url <public URL> [--org <org>] [--out <dir>] [--port N] [--github-url <url>] [--api-url <url>]
  bugscout mcp [--repo <dir>] [--store <file>]
  bugscout serve [--repo <dir>] [--store <file>] [--idle-minutes N]

The index of a checkout lives in ~/.cache/bugscout unless --store names a file (with its saved ranking index
beside it, <file>.lexical); it is refreshed incrementally.
With VOYAGE_API_KEY set (and VOYAGE_BASE_URL for another endpoint), 'index' also embeds the code and 'rank'
chooses dense, hybrid or BM25 within --budget-ms; without it every ranking is BM25.
'classify' tells bug reports, feature requests, questions and documentation issues apart (JSONL {id, title, body}
in, {id, type, confidence, source} out); --labelled (JSONL {title, body, label}) adapts it to a repository's own
labelled issues first; see docs/issue-type.md.
New contents are parsed on one worker thread per core; BUGSCOUT_INDEX_THREADS=N sets the count (1: none).
'check-settings' prints the problems of .github/bugscout.yml (and, with --repo, of the labeler.yml and
CODEOWNERS it reads) with their lines; it exits 1 when one stops BugScout, 0 otherwise. See docs/configuration.md.
'triage' reads a GitHub issue with GITHUB_TOKEN or GH_TOKEN (anonymous without; GitHub Enterprise through
GITHUB_API_URL or --api-url) and prints the comment the app would post, with the area labels and owners it would
apply on stderr; --post posts it (or edits it in place) and applies them; --json adds them as "triage".
'triage --issue-file' previews a local checkout: the comment the app would post for the issue in the file (title
on its first line) and one line saying whether the app would post it by itself and why (its type, confidence and
floor); --settings uses another settings file than the checkout's .github/bugscout.yml; --json gives
{comment, reason, issue_type, confidence, files, labels, owners, markdown}. Nothing is posted.
'backtest' ranks the issues that merged pull requests fixed against the tree each fix started from and scores
the rankings against the files the fixes changed; 'stats' prints the accuracy figures kept by backtests (or the app).
'setup' registers the GitHub App from app.yml (the manifest flow, in a browser) and writes its key (bugscout.pem)
and a .env (APP_ID, WEBHOOK_SECRET) for docker compose / docker run; see docs/deploy.md.
'mcp' serves coding agents over the Model Context Protocol on stdio (tools: locate, search_symbols, get_symbol,
file_outline, related_files) for the checkout at --repo (default: the current directory); see docs/mcp.md.
'serve' keeps the checkout's index open and answers 'rank' for it from a socket only you can reach, so repeated
ranks skip loading the index (same answers; 'rank --local' ranks in its own process); it exits after --idle-minutes
(default 30) without a request, or on Ctrl-C.`;
