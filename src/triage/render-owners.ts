import type { OwnersMode } from "../route/decide-routing.js";
import { ownerName, type Owner } from "../route/parse-codeowners.js";
import { inlineCode } from "./escape-markdown.js";

/**
 * The comment's owners line, or undefined when there is nothing to say. `show` and `assign` write names in code spans
 * (GitHub notifies nobody; an assignment notifies by itself); `mention` writes `@user` and `@org/team` as mentions,
 * which notify. Owner names come from CODEOWNERS and were validated as GitHub logins, team slugs or e-mail addresses
 * (src/route/parse-codeowners.ts), so a mention cannot carry markdown; e-mail addresses always go in code spans.
 */
export function renderOwnersLine(owners: readonly Owner[], mode: OwnersMode, file: string | undefined): string | undefined {
  if (mode === "off" || owners.length === 0) return undefined;
  const names = owners.map((owner) => (mode === "mention" && owner.kind !== "email" ? ownerName(owner) : inlineCode(ownerName(owner), 120)));
  return `Code owners${file ? ` (${inlineCode(file, 40)})` : ""}: ${names.join(", ")}`;
}
