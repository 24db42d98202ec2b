import { describe, expect, it } from 'vitest';
import { replaceSection } from './replace-section.js';

describe('replaceSection', () => {
  const text = 'intro\n<!-- figures:start -->\nold\n<!-- figures:end -->\noutro\n';

  it('replaces what lies between the markers and keeps the rest', () => {
    expect(replaceSection(text, 'figures', '| a |\n')).toBe(
      'intro\n<!-- figures:start -->\n| a |\n<!-- figures:end -->\noutro\n',
    );
  });

  it('refuses a text without the section, or with its markers out of order', () => {
    expect(() => replaceSection('intro', 'figures', 'x')).toThrow(/figures:start/);
    expect(() =>
      replaceSection('<!-- figures:end -->\n<!-- figures:start -->', 'figures', 'x'),
    ).toThrow(/figures:start/);
  });
});
