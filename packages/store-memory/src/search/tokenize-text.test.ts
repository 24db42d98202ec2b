import { describe, expect, it } from 'vitest';
import { tokenizeText } from './tokenize-text.js';

describe('tokenizeText', () => {
  it('splits on spaces and punctuation, lower-cases and stems', () => {
    expect(tokenizeText('The user’s cat, Miso (3 years)!')).toEqual([
      'the',
      'user',
      's',
      'cat',
      'miso',
      '3',
      'year',
    ]);
  });

  it('reduces English inflections to one stem, so an inflected cue finds the base word', () => {
    expect(tokenizeText('adopted adoption adopt')).toEqual(['adopt', 'adopt', 'adopt']);
    expect(tokenizeText('Running runs')).toEqual(['run', 'run']);
  });

  it('makes composed and decomposed accents, and compatibility forms, one term', () => {
    expect(tokenizeText('Café cafe\u0301 ＣＡＦＥ\u0301')).toEqual(['café', 'café', 'café']);
  });

  it('keeps words of any script, and each pictograph as a word', () => {
    expect(tokenizeText('שלום Москве مرحبا 🐕 x')).toEqual(['שלום', 'москве', 'مرحبا', '🐕', 'x']);
  });

  it('answers [] for a text without words', () => {
    expect(tokenizeText(' … — ')).toEqual([]);
  });
});
