import { describe, expect, it } from 'vitest';
import { englishStopTerms } from './english-stop-terms.js';
import { tokenizeText } from './tokenize-text.js';

describe('englishStopTerms', () => {
  it('holds the stop words of a text as the index spells them', () => {
    const terms = tokenizeText('What did you do? I was doing it when they were there.');
    expect(terms.filter((term) => !englishStopTerms.has(term))).toEqual([]);
  });

  it('leaves content words out', () => {
    const terms = tokenizeText('Yusuf quit smoking three weeks ago');
    expect(terms.filter((term) => englishStopTerms.has(term))).toEqual([]);
  });
});
