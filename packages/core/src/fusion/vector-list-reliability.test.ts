import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testRecord as record } from '../__fixtures__/test-record.js';
import { fuseRankings } from './fuse-rankings.js';
import {
  hybridWeights,
  vectorFullWeightMargin,
  vectorListReliability,
} from './vector-list-reliability.js';

const equal = { lexical: 1, vector: 1 };
const ids = (fused: ReturnType<typeof fuseRankings>) => fused.map(({ record: { id } }) => id);

describe('vectorListReliability', () => {
  it('is the first-to-tenth margin over the full-weight margin, clipped to [0, 1]', () => {
    const list = (tenth: number) => [0.7, 0.69, 0.68, 0.67, 0.66, 0.65, 0.64, 0.63, 0.62, tenth];
    expect(vectorListReliability(list(0.7 - vectorFullWeightMargin / 2))).toBeCloseTo(0.5, 12);
    expect(vectorListReliability(list(0.7 - vectorFullWeightMargin))).toBeCloseTo(1, 12);
    expect(vectorListReliability(list(0.1))).toBe(1);
    expect(vectorListReliability(list(0.7))).toBe(0);
  });

  it('compares with the tenth place only, and with the last of a shorter list', () => {
    const long = [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.1];
    expect(vectorListReliability(long)).toBe(0);
    expect(vectorListReliability([0.9, 0.9 - vectorFullWeightMargin / 4])).toBeCloseTo(0.25, 12);
  });

  it('trusts one memory whole, no memory not at all, and a non-finite margin not at all', () => {
    expect(vectorListReliability([0.2])).toBe(1);
    expect(vectorListReliability([])).toBe(0);
    expect(vectorListReliability([Number.NaN, 0.1])).toBe(0);
  });

  it("measures the margin against the full-weight margin given, an embedder's fusionMargin", () => {
    expect(vectorListReliability([0.9, 0.6], 0.6)).toBeCloseTo(0.5, 12);
    expect(vectorListReliability([0.9, 0.6], 0.06)).toBe(1);
    expect(vectorListReliability([0.9, 0.1], 4)).toBeCloseTo(0.2, 12);
  });

  it("scales the vector weight only, at the weights' vectorMargin when they carry one", () => {
    expect(hybridWeights({ lexical: 2, vector: 3 }, [0.8, 0.8])).toEqual({ lexical: 2, vector: 0 });
    expect(hybridWeights({ lexical: 2, vector: 3 }, [0.8, 0.1])).toEqual({ lexical: 2, vector: 3 });
    const wide = hybridWeights({ lexical: 2, vector: 3, vectorMargin: 1.4 }, [0.8, 0.1]);
    expect(wide.lexical).toBe(2);
    expect(wide.vector).toBeCloseTo(1.5, 12);
  });
});

/** A full-text ranking: distinct ids with non-increasing positive scores. */
const lexicalRanking = fc
  .uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 0, maxLength: 30 })
  .chain((numbers) =>
    fc
      .array(fc.double({ min: 0.01, max: 50, noNaN: true }), {
        minLength: numbers.length,
        maxLength: numbers.length,
      })
      .map((scores) => ({
        records: numbers.map((number) => record(`m${number}`)),
        scores: [...scores].sort((left, right) => right - left),
      })),
  );

describe('fuseRankings, as full text would order', () => {
  it('orders as full text does when the vector list is empty', () => {
    fc.assert(
      fc.property(lexicalRanking, (lexical) => {
        const fused = fuseRankings(lexical, { records: [], similarities: [] }, equal);
        expect(ids(fused)).toEqual(lexical.records.map(({ id }) => id));
      }),
    );
  });

  it('orders the full-text memories as full text does when the vector list is level, wherever it puts them', () => {
    fc.assert(
      fc.property(
        lexicalRanking,
        fc.uniqueArray(fc.integer({ min: 0, max: 90 }), { minLength: 2, maxLength: 30 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (lexical, vectorNumbers, cosine) => {
          const vector = {
            records: vectorNumbers.map((number) => record(`m${number}`)),
            similarities: vectorNumbers.map(() => cosine),
          };
          const fused = ids(fuseRankings(lexical, vector, equal));
          const lexicalIds = lexical.records.map(({ id }) => id);
          expect(fused.slice(0, lexicalIds.length)).toEqual(lexicalIds);
        },
      ),
    );
  });
});
