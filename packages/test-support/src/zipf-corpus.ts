/** A seeded source of words and sentences for benchmarks: the same corpus on every run. */
export interface ZipfCorpus {
  /** The 5 000 words drawn from, most frequent first (`ka`-`gu` syllables, at least 4 letters). */
  readonly vocabulary: readonly string[];
  /** The next number of the seeded generator, in [0, 1). */
  readonly random: () => number;
  /** A word of the vocabulary, word k drawn with weight 1 / (k + 1) (Zipf-like). */
  readonly word: () => string;
  /** `words` words drawn by {@link ZipfCorpus.word}, joined by spaces. */
  readonly sentence: (words: number) => string;
}

const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'gu'];

/** mulberry32: a small seeded generator. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The synthetic corpus the store benchmarks write and query: a 5 000-word
 * vocabulary whose words are drawn with Zipf-like frequencies (the most
 * frequent held by a large share of the memories, most by a few), from a
 * generator seeded with `seed`, so two runs with one seed write the same
 * texts and ask the same cues.
 */
export function zipfCorpus(seed: number): ZipfCorpus {
  const random = seeded(seed);
  const vocabulary = Array.from({ length: 5_000 }, (_, index) => {
    let word = '';
    let rest = index + 7;
    while (rest > 0 || word.length < 4) {
      word += syllables[rest % syllables.length];
      rest = Math.floor(rest / syllables.length);
    }
    return word;
  });
  const cumulative: number[] = [];
  vocabulary.forEach((_, index) => {
    cumulative.push((cumulative[index - 1] ?? 0) + 1 / (index + 1));
  });
  const total = cumulative.at(-1) ?? 1;
  const word = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low] ?? 'word';
  };
  const sentence = (words: number) => Array.from({ length: words }, word).join(' ');
  return { vocabulary, random, word, sentence };
}
