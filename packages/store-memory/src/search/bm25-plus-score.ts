/** BM25+'s constants, as MiniSearch uses them: term saturation, length normalisation, lower bound. */
const saturation = 1.2;
const lengthWeight = 0.7;
const lowerBound = 0.5;

/**
 * The BM25+ score of one term in one memory: `frequency` occurrences in a
 * memory of `length` terms, the term held by `holders` of `memories`
 * memories averaging `averageLength` terms.
 *
 * @returns a positive number; never throws.
 */
export function bm25PlusScore(
  frequency: number,
  length: number,
  holders: number,
  memories: number,
  averageLength: number,
): number {
  const inverseFrequency = Math.log(1 + (memories - holders + 0.5) / (holders + 0.5));
  const normalised =
    (frequency * (saturation + 1)) /
    (frequency + saturation * (1 - lengthWeight + (lengthWeight * length) / averageLength));
  return inverseFrequency * (lowerBound + normalised);
}
