import { describe, expect, it } from 'vitest';
import { terminalText } from './terminal-text.js';

describe('terminalText', () => {
  it('writes C0, DEL, C1 and bidi controls as visible escapes', () => {
    expect(terminalText('a\u001b[2Jb\u0007c\nd\te\u007ff\u009bg')).toBe(
      'a\\u001b[2Jb\\u0007c\\u000ad\\u0009e\\u007ff\\u009bg',
    );
    expect(terminalText('x\u202ey\u2066z\u2069\u200e\u200f\u061c')).toBe(
      'x\\u202ey\\u2066z\\u2069\\u200e\\u200f\\u061c',
    );
  });

  it('leaves every other character as it is', () => {
    const text = 'Café à Zürich, 東京, 👩‍👩‍👧 and a \\u001b written out';
    expect(terminalText(text)).toBe(text);
  });
});
