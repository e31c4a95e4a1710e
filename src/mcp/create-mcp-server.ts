import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Log } from "../triage/ports.js";
import { createRepoContextCache, type RepoState } from "./repo-context.js";
import type { RepoFs } from "./repo-path.js";
import type { TokenCounter } from "./token-counter.js";
import type { ToolDefinition } from "./tool-definition.js";
import { ToolInputError } from "./tool-error.js";
import { fileOutlineTool } from "./tool-file-outline.js";
import { getSymbolTool } from "./tool-get-symbol.js";
import { locateTool } from "./tool-locate.js";
import { searchSymbolsTool } from "./tool-search-symbols.js";
import { relatedFilesTool } from "./tool-related-files.js";

/** What the server needs from its host: the repository (refreshed per call), the disk, a token counter, a logger. */
export interface McpServerDeps {
  /**
   * Brings the index up to date with the checkout (incrementally) and runs `work` with it. The host serialises
   * calls and owns the store; a repository that cannot be indexed rejects with a message for the client.
   */
  withRepo<T>(work: (repo: RepoState) => T | Promise<T>): Promise<T>;
  readonly fs: RepoFs;
  /** The token counter, loaded on first use. */
  readonly tokens: () => Promise<TokenCounter>;
  /** Diagnostics; never stdout, which is the protocol's. */
  readonly log: Log;
  readonly version: string;
}

/** The tools, in the order `tools/list` shows them. */
export const MCP_TOOLS: readonly ToolDefinition[] = [locateTool, searchSymbolsTool, getSymbolTool, fileOutlineTool, relatedFilesTool];

/** The server and a warm-up to run once it is connected. */
export interface BugScoutMcpServer {
  readonly server: McpServer;
  /**
   * Indexes (or refreshes) the repository and builds what the first calls need (symbol catalog and search index,
   * token counter) while the client is still starting: the first call then costs what a warm one does. Rejects
   * when the repository cannot be indexed; calls will say so again.
   */
  warm(): Promise<void>;
}

/**
 * Builds the BugScout MCP server: the tools of `MCP_TOOLS` over one repository. Every call refreshes the index
 * first; bad input and repository failures become error results (`isError: true`) with a message, never an exit.
 */
export function createMcpServer(deps: McpServerDeps): BugScoutMcpServer {
  const server = new McpServer({ name: "bugscout", version: deps.version });
  const cache = createRepoContextCache(deps.fs);
  for (const tool of MCP_TOOLS) {
    server.registerTool(tool.name, { title: tool.title, description: tool.description, inputSchema: tool.input },
      async (args: unknown) => {
        const started = performance.now();
        try {
          const counter = await deps.tokens();
          const measured = await deps.withRepo((repo) => tool.run(cache.context(repo, counter), args));
          deps.log.debug({ tool: tool.name, ms: performance.now() - started, tokens: measured.answer.tokens }, "tool call answered");
          return { content: [{ type: "text", text: measured.text }], structuredContent: measured.answer as Record<string, unknown> };
        } catch (error) {
          return errorResult(tool.name, error, deps.log);
        }
      });
  }
  return {
    server,
    async warm() {
      const counter = await deps.tokens();
      await deps.withRepo((repo) => void cache.context(repo, counter).searchIndex());
    },
  };
}

function errorResult(tool: string, error: unknown, log: Log): CallToolResult {
  if (error instanceof ToolInputError) {
    return {
      isError: true,
      content: [{ type: "text", text: error.message }],
      structuredContent: { error: error.message, ...(error.details ?? {}) },
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  log.warn({ tool, error: message }, "tool call failed");
  return { isError: true, content: [{ type: "text", text: `${tool} failed: ${message}` }], structuredContent: { error: message } };
}
