import type { z } from "zod";
import type { MeasuredAnswer } from "./measure-answer.js";
import type { RepoContext } from "./repo-context.js";

/**
 * One MCP tool: its name, what an agent reads about it, its input schema (strict: an unknown argument is an error,
 * not silently dropped) and what it does with a validated call against the freshly refreshed repository.
 */
export interface ToolDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: S;
  run(context: RepoContext, args: z.infer<S>): MeasuredAnswer<object> | Promise<MeasuredAnswer<object>>;
}

/** Keeps the schema's argument type for `run` (a plain object literal would widen it). */
export function defineTool<S extends z.ZodTypeAny>(tool: ToolDefinition<S>): ToolDefinition<S> {
  return tool;
}
