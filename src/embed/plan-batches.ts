/** Request-size limits of one embeddings call. */
export interface BatchLimits {
  /** Inputs per request. Voyage: 1,000. */
  readonly maxInputs: number;
  /** Estimated tokens per request. Voyage voyage-code-3: 120,000. */
  readonly maxTokens: number;
  /** Estimated tokens per single input; longer inputs are truncated before sending. voyage-code-3 context: 32,000. */
  readonly maxInputTokens: number;
  /**
   * Characters per token for estimates. 3 is conservative for code (real tokenizers give 3.5–4.5 on source
   * text), so a planned batch rarely exceeds the service's real count; one that does is split on rejection.
   */
  readonly charsPerToken: number;
}

/** voyage-code-3's documented limits with a conservative token estimate. */
export const VOYAGE_CODE_3_LIMITS: BatchLimits = {
  maxInputs: 1_000,
  maxTokens: 120_000,
  maxInputTokens: 32_000,
  charsPerToken: 3,
};

/** Estimated token count of `text` (at least 1, so empty inputs still count against the budget). */
export function estimateTokens(text: string, charsPerToken: number): number {
  return Math.max(1, Math.ceil(text.length / charsPerToken));
}

/** Cuts `text` so that its estimate fits in `maxTokens`. Returns the text itself when it already fits. */
export function truncateToTokens(text: string, maxTokens: number, charsPerToken: number): string {
  const maxChars = Math.floor(maxTokens * charsPerToken);
  return text.length <= maxChars ? text : text.slice(0, maxChars);
}

/**
 * Groups input positions into requests, in order, so that each request stays within `maxInputs` and `maxTokens`
 * (inputs are assumed already truncated to `maxInputTokens`). Greedy first-fit in input order: order matters
 * to nobody, but a stable plan keeps retries and progress reporting simple.
 */
export function planBatches(tokenCounts: readonly number[], limits: BatchLimits): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let tokens = 0;
  for (let i = 0; i < tokenCounts.length; i++) {
    const t = tokenCounts[i];
    if (current.length > 0 && (current.length >= limits.maxInputs || tokens + t > limits.maxTokens)) {
      batches.push(current);
      current = [];
      tokens = 0;
    }
    current.push(i);
    tokens += t;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
