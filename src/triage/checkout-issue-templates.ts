import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { readTreeFile } from "../index/read-tree-file.js";
import type { IssueTypeContext } from "../issue-type/classify-issue-type.js";
import { shippedIssueTypeModel } from "../issue-type/shipped-model.js";
import type { TemplateFile } from "./ports.js";
import { ISSUE_TEMPLATE_DIR, MAX_TEMPLATE_BYTES, MAX_TEMPLATE_FILES, parseIssueTemplates } from "./read-issue-templates.js";

/**
 * The issue templates and forms of a checkout (`.github/ISSUE_TEMPLATE/*.md|yml|yaml`, by name, at most `max` files
 * of `maxBytes`); none when the folder is absent. A link out of the checkout is not followed.
 */
export async function listCheckoutTemplates(root: string, max: number, maxBytes: number): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  for (const name of await templateNames(root, max)) {
    const bytes = await readTreeFile(root, `${ISSUE_TEMPLATE_DIR}/${name}`, maxBytes);
    if (bytes) files.push({ path: `${ISSUE_TEMPLATE_DIR}/${name}`, text: new TextDecoder().decode(bytes) });
  }
  return files;
}

/** The names of the template folder's files that are read, in the order they are read; none without the folder. */
async function templateNames(root: string, max: number): Promise<string[]> {
  const names = await readdir(path.join(root, ...ISSUE_TEMPLATE_DIR.split("/"))).catch(() => [] as string[]);
  return names.filter((n) => /\.(md|ya?ml)$/i.test(n)).sort().slice(0, max);
}

/**
 * What the issue-type classifier reads for an issue of a checkout in `rank`, `eval` and the MCP `locate` (they have no
 * settings): the shipped model and the checkout's issue templates and forms, parsed with the default type labels, so
 * that an issue gets the type the App gives it on the same tree.
 */
export async function checkoutIssueTypeContext(root: string): Promise<IssueTypeContext> {
  return { model: shippedIssueTypeModel(), templates: parseIssueTemplates(await listCheckoutTemplates(root, MAX_TEMPLATE_FILES, MAX_TEMPLATE_BYTES), {}) };
}

/** A checkout's issue-type context, kept between calls while its templates are unchanged. */
export interface CheckoutIssueTypeCache {
  context(root: string): Promise<IssueTypeContext>;
}

/**
 * A template modified this recently (ms) is read again on every call: file times are kept at the kernel's clock tick
 * (milliseconds), so a second edit of the same size within one tick would look unchanged (git's "racy clean" case).
 */
export const TEMPLATE_SETTLE_MS = 2_000;

/**
 * A cache owned by one long-lived caller (the MCP server): {@link checkoutIssueTypeContext} of the last checkout asked
 * for, kept while the names, sizes and modification times of its template files stay the same (a few stats instead of
 * reading and parsing every template on each call); any change, a file added or removed, re-reads them all. The
 * files are looked at before they are read, so an edit made during a read shows as a change on the next call.
 * `now` is the wall clock the file times are compared with.
 */
export function createCheckoutIssueTypeCache(now: () => number = Date.now): CheckoutIssueTypeCache {
  let last: { key: string; context: IssueTypeContext } | undefined;
  return {
    async context(root) {
      const key = await templatesKey(root, now() - TEMPLATE_SETTLE_MS);
      if (key === undefined) return checkoutIssueTypeContext(root);
      if (last?.key !== key) last = { key, context: await checkoutIssueTypeContext(root) };
      return last.context;
    },
  };
}

/**
 * The checkout and its template files as name, size and modification time, which change whenever what is read may;
 * undefined while a file was modified after `settled` (it may change again unseen).
 */
async function templatesKey(root: string, settled: number): Promise<string | undefined> {
  const dir = path.join(root, ...ISSUE_TEMPLATE_DIR.split("/"));
  const files = await Promise.all((await templateNames(root, MAX_TEMPLATE_FILES)).map(async (name) => {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    return info ? { name, size: info.size, mtime: info.mtimeMs } : { name, size: -1, mtime: 0 };
  }));
  if (files.some((f) => f.mtime > settled)) return undefined;
  return [root, ...files.map((f) => `${f.name}\0${f.size}\0${f.mtime}`)].join("\n");
}
