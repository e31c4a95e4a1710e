import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { SettingsFileReader } from "../triage/load-settings.js";
import { MAX_SETTINGS_BYTES } from "../triage/parse-settings-text.js";
import { statusOf, type GitHubClient } from "./github-client.js";

/**
 * Settings files through the contents API, raw, at a commit or the default branch's head: a 404 is `absent`; a
 * folder or submodule (GitHub answers JSON for those even when asked for raw content) is `not-a-file`; a file over
 * the settings size cap is not read past it (`too-large`), so a huge file costs no memory. Other failures throw.
 */
export function createSettingsFileReader(client: GitHubClient): SettingsFileReader {
  return {
    async readSettingsFile(ref) {
      let response;
      try {
        response = await client.request("GET /repos/{owner}/{repo}/contents/{path}", {
          owner: ref.owner, repo: ref.repo, path: ref.path,
          ...(ref.commit ? { ref: ref.commit } : {}),
          mediaType: { format: "raw" },
          request: { parseSuccessResponseBody: false },
        });
      } catch (error) {
        if (statusOf(error) === 404) return { kind: "absent" };
        throw error;
      }
      const body = response.data as unknown;
      const isJson = String(response.headers["content-type"] ?? "").startsWith("application/json");
      if (!(body && typeof (body as WebReadableStream).getReader === "function")) return isJson ? { kind: "not-a-file" } : { kind: "text", text: String(body ?? "") };
      const stream = Readable.fromWeb(body as WebReadableStream);
      if (isJson) {
        stream.destroy();
        return { kind: "not-a-file" };
      }
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of stream) {
        length += (chunk as Buffer).length;
        if (length > MAX_SETTINGS_BYTES) {
          stream.destroy();
          return { kind: "too-large", bytes: length };
        }
        chunks.push(chunk as Buffer);
      }
      // Invalid UTF-8 decodes to U+FFFD, which the parser refuses as "not a text file".
      return { kind: "text", text: Buffer.concat(chunks).toString("utf8") };
    },
  };
}
