import { describe, expect, it } from 'vitest';
import { candidateWindow, scanWindow } from './candidate-window.js';

describe('candidateWindow', () => {
  it('reads two rows per memory of the limit, and at least 50', () => {
    expect(candidateWindow(1, 1_000)).toBe(50);
    expect(candidateWindow(25, 1_000)).toBe(50);
    expect(candidateWindow(26, 1_000)).toBe(52);
    expect(candidateWindow(100, 1_000)).toBe(200);
  });

  it('never reads past the scan budget', () => {
    expect(candidateWindow(50, 60)).toBe(60);
    expect(candidateWindow(1, 30)).toBe(30);
    expect(candidateWindow(1_000, 500)).toBe(500);
  });
});

describe('scanWindow', () => {
  it("reads the query's window when it asks for fewer rows than the budget, else the budget", () => {
    expect(scanWindow(50, 500)).toBe(50);
    expect(scanWindow(undefined, 500)).toBe(500);
    expect(scanWindow(800, 500)).toBe(500);
  });
});
