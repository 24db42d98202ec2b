import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { replaceSection } from '../replace-section.js';
import { markdownTable, type TableCell, type TableColumn } from './markdown-table.js';

/**
 * One README (or docs/) table as a benchmark or an evaluation produced it: a
 * JSON file in a `figures/` folder of the package that measures it, named
 * after its section. The document shows it between `<!-- section:start -->`
 * and `<!-- section:end -->`, written by {@link writeFigures}, never by hand.
 */
export interface Figures {
  /** The document holding the section, relative to the repository root (`packages/x/README.md`). */
  readonly document: string;
  /** The section's marker name, the file's own name without `.json`. */
  readonly section: string;
  /** How the figures were measured: the command, and on what, as the run recorded it. */
  readonly measured: string;
  /**
   * Present when the figures were copied from a table typed before the run wrote them: says so,
   * and what run replaces them.
   */
  readonly seeded?: string;
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly TableCell[])[];
}

/** The section's Markdown: the table alone (the prose around it stays in the document). */
export function renderFigures(figures: Figures): string {
  return markdownTable(figures.columns, figures.rows);
}

/**
 * Reads a figures file.
 *
 * @throws Error when the file is not JSON, or lacks a field of {@link Figures}.
 */
export function readFigures(path: string): Figures {
  const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Figures>;
  for (const field of ['document', 'section', 'measured', 'columns', 'rows'] as const) {
    if (value[field] === undefined) throw new Error(`${path}: no "${field}"`);
  }
  return value as Figures;
}

/** The repository root: the first folder above `from` holding `pnpm-workspace.yaml`. */
export function repositoryRoot(from: string): string {
  let folder = from;
  for (;;) {
    try {
      readFileSync(join(folder, 'pnpm-workspace.yaml'));
      return folder;
    } catch {
      const parent = dirname(folder);
      if (parent === folder) throw new Error(`no pnpm-workspace.yaml above ${from}`);
      folder = parent;
    }
  }
}

/**
 * The document of `figures` (read under `root`) with its section rewritten from them, the rest
 * left as it is.
 *
 * @throws Error when the document has no such section.
 */
export function documentWithFigures(root: string, figures: Figures): string {
  const text = readFileSync(join(root, figures.document), 'utf8');
  return replaceSection(text, figures.section, renderFigures(figures));
}

/** Rewrites the section of `figures` in its document under `root`. */
export function writeFigures(root: string, figures: Figures): void {
  writeFileSync(join(root, figures.document), documentWithFigures(root, figures));
}

/** Writes `figures` as the JSON file a benchmark leaves for {@link writeFigures}. */
export function writeFiguresFile(path: string, figures: Figures): void {
  writeFileSync(path, `${JSON.stringify(figures, null, 2)}\n`);
}
