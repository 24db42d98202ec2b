import {
  checkRerankScores,
  InvalidMemoryInput,
  MemoryUnavailable,
  type Reranker,
} from '@symfonic/core';
import { type RerankingModel, rerank } from 'ai';

/** Options of {@link createAiSdkReranker}. */
export interface AiSdkRerankerOptions {
  /** Any AI SDK reranking model (`cohere.reranking('rerank-v3.5')`, a gateway id…). */
  readonly model: RerankingModel;
  /** The name quoted when a rerank fails; default `provider/modelId` of the model, or the model id string itself. */
  readonly name?: string;
  /**
   * Passed to `rerank`: retries per request (default: the SDK's, 2). Recall's
   * timeout bounds them all together: it aborts the retries still waiting.
   */
  readonly maxRetries?: number;
  /** Passed to `rerank` unchanged (e.g. HTTP headers of a gateway). */
  readonly headers?: Record<string, string>;
  /** Passed to `rerank` unchanged (e.g. `{ cohere: { maxTokensPerDoc: 512 } }`). */
  readonly providerOptions?: Parameters<typeof rerank>[0]['providerOptions'];
}

function nameOf(model: RerankingModel): string {
  return typeof model === 'string' ? model : `${model.provider}/${model.modelId}`;
}

/** One score per distinct text, from the model's ranking, refusing a ranking that is not one entry per text. */
function scoresOfRanking(
  ranking: readonly { readonly originalIndex: number; readonly score: number }[],
  count: number,
  name: string,
): number[] {
  const scores: (number | undefined)[] = new Array(count).fill(undefined);
  for (const { originalIndex, score } of ranking) {
    if (!Number.isInteger(originalIndex) || originalIndex < 0 || originalIndex >= count) {
      throw new MemoryUnavailable(
        `the reranking model "${name}" ranked a text it was not sent (index ${originalIndex} of ${count})`,
      );
    }
    if (scores[originalIndex] !== undefined) {
      throw new MemoryUnavailable(
        `the reranking model "${name}" ranked text ${originalIndex + 1} of ${count} twice`,
      );
    }
    scores[originalIndex] = score;
  }
  const ranked = scores.filter((score) => score !== undefined).length;
  if (ranked !== count) {
    throw new MemoryUnavailable(
      `the reranking model "${name}" ranked ${ranked} of the ${count} texts it was sent`,
    );
  }
  return scores as number[];
}

/**
 * A `Reranker` over a Vercel AI SDK reranking model, so every provider the
 * AI SDK supports can rerank recall's candidates. Each call sends the
 * distinct texts through one `rerank` with `topN` set to their number (every
 * text is scored), passes the request's abort signal on, and answers the
 * model's relevance scores in the order of the texts (identical texts are
 * sent once and share its score).
 *
 * Failures are all-or-nothing: when the call fails or is aborted, or the
 * model ranks a text it was not sent, one text twice, fewer texts than it
 * was sent, or answers a score that is not a finite number, `rerank` throws
 * `MemoryUnavailable` (the SDK's error as `cause` when it threw) and answers
 * no score at all.
 *
 * @throws InvalidMemoryInput from `rerank` when the cue is not a string or
 * the texts are not an array of strings.
 */
export function createAiSdkReranker(options: AiSdkRerankerOptions): Reranker {
  const { model } = options;
  const name = options.name ?? nameOf(model);
  return {
    model: name,
    async rerank({ cue, texts, signal }) {
      if (
        typeof cue !== 'string' ||
        !Array.isArray(texts) ||
        texts.some((text) => typeof text !== 'string')
      ) {
        throw new InvalidMemoryInput(
          'invalid rerank request: expected a string cue and an array of string texts',
        );
      }
      if (texts.length === 0) return [];
      const distinct = [...new Set(texts)];
      let ranking: readonly { readonly originalIndex: number; readonly score: number }[];
      try {
        ({ ranking } = await rerank({
          model,
          documents: distinct,
          query: cue,
          topN: distinct.length,
          ...(signal === undefined ? {} : { abortSignal: signal }),
          ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
          ...(options.headers === undefined ? {} : { headers: options.headers }),
          ...(options.providerOptions === undefined
            ? {}
            : { providerOptions: options.providerOptions }),
        }));
      } catch (error) {
        throw new MemoryUnavailable(`the reranking model "${name}" failed`, { cause: error });
      }
      const scores = checkRerankScores(scoresOfRanking(ranking, distinct.length, name), {
        model: name,
        count: distinct.length,
      });
      const byText = new Map(distinct.map((text, index) => [text, scores[index] as number]));
      return texts.map((text) => byText.get(text) as number);
    },
  };
}
