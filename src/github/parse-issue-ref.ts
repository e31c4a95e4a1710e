/** One issue on a GitHub host, as a person names it. */
export interface IssueRef {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  /** The web root when the reference was a URL (`https://github.com`, or a GitHub Enterprise host). */
  readonly webUrl?: string;
}

/** The outcome of {@link parseIssueRef}: the issue, or a sentence saying what a reference looks like. */
export type ParsedIssueRef = { readonly ok: true; readonly ref: IssueRef } | { readonly ok: false; readonly error: string };

// GitHub's own rules: logins are alphanumeric with single hyphens (39 characters), repository names add `.` and `_`.
const OWNER = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})";
const REPO = "[A-Za-z0-9._-]{1,100}";
const SHORT = new RegExp(`^(${OWNER})/(${REPO})#(\\d{1,9})$`);
const URL_PATH = new RegExp(`^/(${OWNER})/(${REPO})/(?:issues|pull)/(\\d{1,9})/?$`);

/** What a caller may type, for error messages. */
export const ISSUE_REF_FORMS = "owner/repo#123 or https://github.com/owner/repo/issues/123";

/**
 * Parses `owner/repo#123` or an issue URL (`https://<host>/owner/repo/issues/123`, also a pull request's, with an
 * optional `#issuecomment-…` fragment or query). Pure; never throws.
 */
export function parseIssueRef(text: string): ParsedIssueRef {
  const input = text.trim();
  const bad = { ok: false as const, error: `'${input.slice(0, 200)}' is not an issue reference: use ${ISSUE_REF_FORMS}` };
  const short = SHORT.exec(input);
  if (short) return checked(short[1], short[2], short[3], undefined) ?? bad;
  if (!/^https?:\/\//i.test(input)) return bad;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return bad;
  }
  const path = URL_PATH.exec(url.pathname);
  if (!path) return bad;
  return checked(path[1], path[2], path[3], `${url.protocol}//${url.host}`) ?? bad;
}

function checked(owner: string, repo: string, digits: string, webUrl: string | undefined): ParsedIssueRef | undefined {
  const number = Number(digits);
  const name = repo.replace(/\.git$/, "");
  if (!Number.isSafeInteger(number) || number < 1 || name === "" || name === "." || name === "..") return undefined;
  return { ok: true, ref: { owner, repo: name, number, ...(webUrl ? { webUrl } : {}) } };
}
