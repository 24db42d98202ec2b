import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentWithFigures, readFigures, repositoryRoot } from './figures-file.js';
import { figuresFiles } from './figures-files.js';

const root = repositoryRoot(fileURLToPath(new URL('.', import.meta.url)));
const outside = (text: string, section: string) => {
  const start = text.indexOf(`<!-- ${section}:start -->`);
  const end = text.indexOf(`<!-- ${section}:end -->`);
  return [text.slice(0, start), text.slice(end)];
};

describe.each(figuresFiles(root))('figures file %s', (file) => {
  const figures = readFigures(join(root, file));
  const document = readFileSync(join(root, figures.document), 'utf8');
  const written = documentWithFigures(root, figures);

  it('is named after its section', () => {
    expect(basename(file, '.json')).toBe(figures.section);
  });

  it('rewrites only its own section of its document', () => {
    expect(outside(written, figures.section)).toEqual(outside(document, figures.section));
  });

  it('is what the document shows (the table was not edited by hand)', () => {
    expect(written).toBe(document);
  });
});
