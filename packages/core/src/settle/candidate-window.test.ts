import { describe, expect, it } from 'vitest';
import { candidateWindow } from './candidate-window.js';

describe('candidateWindow', () => {
  it('reads four rows per memory of the limit, and at least 50', () => {
    expect(candidateWindow(1, 1_000)).toBe(50);
    expect(candidateWindow(12, 1_000)).toBe(50);
    expect(candidateWindow(13, 1_000)).toBe(52);
    expect(candidateWindow(25, 1_000)).toBe(100);
  });

  it('never reads past the scan budget', () => {
    expect(candidateWindow(25, 60)).toBe(60);
    expect(candidateWindow(1, 30)).toBe(30);
    expect(candidateWindow(1_000, 500)).toBe(500);
  });
});
