import { readFile } from 'node:fs/promises';
import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { CliError } from './cli-error.js';
import { parseConversationExport } from './conversation-export.js';
import { type Output, style } from './output.js';
import { progressReporter } from './progress-reporter.js';

/** What one import did. */
export interface ImportSummary {
  readonly lines: number;
  readonly written: number;
  readonly alreadyStored: number;
  readonly refused: number;
  readonly invalidLines: number;
}

/**
 * Import a JSON Lines conversation export into `scope`: every turn is logged
 * (idempotent on its turn id) and stored as an episodic memory
 * `speaker: text` with provenance `{ writer: 'import', turnId }`, one atomic
 * write per turn so each memory names its own turn; a re-import finds every
 * memory already stored (reported as such, never written twice). Invalid lines are reported with
 * their numbers and the rest are imported.
 *
 * @throws CliError when the file cannot be read.
 */
export async function importConversation(
  output: Output,
  store: MemoryStore,
  file: string,
  scope: MemoryScope,
): Promise<ImportSummary> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new CliError(`cannot read ${file} (${code})`);
  }
  const { lines, invalid } = parseConversationExport(source);
  for (const line of invalid)
    output.line(style.warn(`line ${line.lineNumber}: ${line.reason}; skipped`));

  const progress = progressReporter(lines.length, { verb: 'importing', unit: 'turns' });
  let written = 0;
  let alreadyStored = 0;
  let refused = 0;
  for (const [index, line] of lines.entries()) {
    const turn = {
      turnId: line.turnId,
      speaker: line.speaker,
      text: line.text,
      turn: line.lineNumber,
    };
    await store.append(scope, turn);
    const result = await store.apply(
      scope,
      [{ op: 'add', layer: 'episodic', text: `${line.speaker}: ${line.text}`, salience: 0.5 }],
      { writer: 'import', turnId: line.turnId },
    );
    written += result.applied.length;
    for (const rejection of result.rejected) {
      if (rejection.code === 'duplicate') alreadyStored += 1;
      else {
        refused += 1;
        output.line(
          style.warn(`line ${line.lineNumber}: ${rejection.reason}; not stored as a memory`),
        );
      }
    }
    progress.update(index + 1);
  }
  progress.stop();
  return { lines: lines.length, written, alreadyStored, refused, invalidLines: invalid.length };
}
