import { Limits, parseInput, type Reranker } from '@symfonic/core';
import { z } from 'zod';

function isReranker(value: unknown): value is Reranker {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Reranker).model === 'string' &&
    typeof (value as Reranker).rerank === 'function'
  );
}

/**
 * The reranking stage of recall, off unless given:
 *
 * - `reranker`: the {@link Reranker} recall asks (e.g. `createAiSdkReranker`
 *   of `@symfonic/ai-sdk`).
 * - `candidates` 30: how many of recall's top candidates, by its own ranking,
 *   it sends (2 to `Limits.queryLimit`); the others keep their places after them.
 * - `timeoutMs` 2000: how long recall waits for the answer (1 to 60000); then
 *   it aborts the request and keeps its own order.
 */
export const rerankOptionsSchema = z
  .object({
    reranker: z.custom<Reranker>(isReranker, {
      message: 'expected a Reranker: { model: string, rerank(request) }',
    }),
    candidates: z.number().int().min(2).max(Limits.queryLimit).default(30),
    timeoutMs: z.number().int().min(1).max(60_000).default(2_000),
  })
  .strict();

/** Reranking options as a caller writes them (only `reranker` is required). */
export type RerankOptionsInput = z.input<typeof rerankOptionsSchema>;

/** Reranking options with every default applied. */
export type RerankOptions = z.output<typeof rerankOptionsSchema>;

/**
 * Apply the defaults to `input`.
 *
 * @throws InvalidMemoryInput naming the field when an option is out of range
 * or `reranker` is not a `Reranker`.
 */
export function resolveRerankOptions(input: RerankOptionsInput): RerankOptions {
  return parseInput(rerankOptionsSchema, input, 'rerank options');
}
