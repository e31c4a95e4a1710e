import { readdir } from "node:fs/promises";
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
  const names = await readdir(path.join(root, ...ISSUE_TEMPLATE_DIR.split("/"))).catch(() => [] as string[]);
  const files: TemplateFile[] = [];
  for (const name of names.filter((n) => /\.(md|ya?ml)$/i.test(n)).sort().slice(0, max)) {
    const bytes = await readTreeFile(root, `${ISSUE_TEMPLATE_DIR}/${name}`, maxBytes);
    if (bytes) files.push({ path: `${ISSUE_TEMPLATE_DIR}/${name}`, text: new TextDecoder().decode(bytes) });
  }
  return files;
}

/**
 * What the issue-type classifier reads for an issue of a checkout in `rank`, `eval` and the MCP `locate` (they have no
 * settings): the shipped model and the checkout's issue templates and forms, parsed with the default type labels, so
 * that an issue gets the type the App gives it on the same tree.
 */
export async function checkoutIssueTypeContext(root: string): Promise<IssueTypeContext> {
  return { model: shippedIssueTypeModel(), templates: parseIssueTemplates(await listCheckoutTemplates(root, MAX_TEMPLATE_FILES, MAX_TEMPLATE_BYTES), {}) };
}
