import {
  type EmbeddingProvider,
  embedDistinct,
  InvalidMemoryInput,
  MemoryUnavailable,
} from '@symfonic/core';
import { type EmbeddingModel, embedMany } from 'ai';

/** Options of {@link createAiSdkEmbedder}. */
export interface AiSdkEmbedderOptions {
  /** Any AI SDK embedding model (`openai.embedding('text-embedding-3-small')`, a gateway id…). */
  readonly model: EmbeddingModel;
  /** The length of the model's vectors; every answered vector is checked against it. */
  readonly dimensions: number;
  /**
   * The name stores key vectors by; default `provider/modelId` of the model,
   * or the model id string itself. Change it whenever the vectors change.
   */
  readonly name?: string;
  /** Passed to `embedMany`: concurrent requests when the batch is split (default: the SDK's). */
  readonly maxParallelCalls?: number;
  /** Passed to `embedMany`: retries per request (default: the SDK's, 2). */
  readonly maxRetries?: number;
  /** Passed to `embedMany` unchanged (e.g. `{ openai: { dimensions: 512 } }`). */
  readonly providerOptions?: Parameters<typeof embedMany>[0]['providerOptions'];
}

function nameOf(model: EmbeddingModel): string {
  return typeof model === 'string' ? model : `${model.provider}/${model.modelId}`;
}

/**
 * An `EmbeddingProvider` over a Vercel AI SDK embedding model, so every
 * provider the AI SDK supports can embed memories. Each call sends the
 * distinct texts through one `embedMany` (which splits them to the model's
 * per-call maximum); identical texts within a call are embedded once.
 *
 * Failures are all-or-nothing: if any request of the batch fails, or the
 * model answers the wrong number of vectors, a vector of the wrong length, or
 * a value that is not a finite 32-bit float (NaN, or beyond its range),
 * `embed` throws `MemoryUnavailable` (the SDK's error as `cause` when it
 * threw) and answers no vector at all, so no memory is ever written
 * half-embedded.
 *
 * @throws InvalidMemoryInput when `dimensions` is not a positive integer;
 * `embed` throws it when given anything but an array of strings.
 */
export function createAiSdkEmbedder(options: AiSdkEmbedderOptions): EmbeddingProvider {
  const { model, dimensions } = options;
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    throw new InvalidMemoryInput('invalid AI SDK embedder: dimensions must be a positive integer');
  }
  const name = options.name ?? nameOf(model);
  return {
    model: name,
    dimensions,
    embed: (texts) =>
      embedDistinct(texts, { model: name, dimensions }, async (distinct) => {
        let embeddings: number[][];
        try {
          ({ embeddings } = await embedMany({
            model,
            values: distinct,
            ...(options.maxParallelCalls === undefined
              ? {}
              : { maxParallelCalls: options.maxParallelCalls }),
            ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
            ...(options.providerOptions === undefined
              ? {}
              : { providerOptions: options.providerOptions }),
          }));
        } catch (error) {
          throw new MemoryUnavailable(`the embedding model "${name}" failed`, { cause: error });
        }
        // Converted before the check: a value beyond the 32-bit range becomes infinite here.
        return embeddings.map((embedding) => Float32Array.from(embedding));
      }),
  };
}
