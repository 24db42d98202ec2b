import { describe, expect, it } from 'vitest';
import { formatScore } from './format-score.js';

describe('formatScore', () => {
  it('shows three significant digits when they tell the values apart', () => {
    expect(formatScore(0.123456, 0.3)).toBe('0.123');
    expect(formatScore(0.5, 0.2)).toBe('0.5');
  });

  it('shows as many digits as it takes to differ from the other value', () => {
    expect(formatScore(0.29996, 0.3)).toBe('0.29996');
    expect(formatScore(0.3, 0.29996)).toBe('0.3');
  });
});
