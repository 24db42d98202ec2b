import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workingLine } from './working-line.js';

describe('workingLine', () => {
  it('renders speaker and text, or the text alone without a speaker', () => {
    expect(workingLine({ speaker: 'user', text: ' hello ' })).toBe('[working] user: hello');
    expect(workingLine({ speaker: '', text: 'hello' })).toBe('[working] hello');
  });

  it('never renders more than one line, whatever the text or speaker hold', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (speaker, text) => {
        const line = workingLine({ speaker, text });
        expect(line.startsWith('[working] ')).toBe(true);
        expect(line).not.toMatch(/[\n\r\u0085\u2028\u2029\v\f]/u);
      }),
      { numRuns: 300 },
    );
  });
});
