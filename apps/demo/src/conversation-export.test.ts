import { Limits } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { parseConversationExport } from './conversation-export.js';

describe('parseConversationExport', () => {
  it('keeps valid lines, numbers the bad ones and names turns without ids by their line', () => {
    const source = [
      '{"speaker":"ana","text":"hello","turnId":"t1"}',
      '',
      '{"speaker":"rui","text":"hi"}',
      'not json',
      '{"speaker":"ana"}',
      `{"speaker":"ana","text":"${'x'.repeat(Limits.turnText + 1)}"}`,
    ].join('\r\n');
    const { lines, invalid } = parseConversationExport(source);
    expect(lines).toEqual([
      { lineNumber: 1, speaker: 'ana', text: 'hello', turnId: 't1' },
      { lineNumber: 3, speaker: 'rui', text: 'hi', turnId: 'line-3' },
    ]);
    expect(invalid.map((line) => line.lineNumber)).toEqual([4, 5, 6]);
    expect(invalid[0]?.reason).toBe('not valid JSON');
    expect(invalid[1]?.reason).toMatch(/"text"/);
  });
});
