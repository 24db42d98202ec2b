import { readFile } from 'node:fs/promises';
import type { MemoryScope } from '@symfonic/core';
import { CliError } from './cli-error.js';
import { parseConversationExport } from './conversation-export.js';
import type { DemoMemory } from './open-demo.js';
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
 * (idempotent on its turn id), then stored through `memory.importConversation`
 * as an episodic memory `speaker: text`, with the turn before it as its
 * context and provenance `{ writer: 'import' }`, in batches. A re-import
 * finds every memory already stored (reported as such, never written twice).
 * Invalid lines are reported with their numbers and the rest are imported;
 * a turn the store refuses is reported with the reason.
 *
 * @throws CliError when the file cannot be read.
 */
export async function importConversation(
  output: Output,
  { store, memory }: Pick<DemoMemory, 'store' | 'memory'>,
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
  for (const line of lines) {
    await store.append(scope, {
      turnId: line.turnId,
      speaker: line.speaker,
      text: line.text,
      turn: line.lineNumber,
    });
  }
  const outcome = await memory.importConversation(
    scope,
    lines.map(({ turnId, speaker, text }) => ({ turnId, speaker, text })),
    { writer: 'import', onProgress: ({ done }) => progress.update(done) },
  );
  progress.stop();
  for (const refusal of outcome.refused) {
    const line = lines[refusal.index];
    output.line(
      style.warn(`line ${line?.lineNumber ?? '?'}: ${refusal.reason}; not stored as a memory`),
    );
  }
  return {
    lines: lines.length,
    written: outcome.imported.length,
    alreadyStored: outcome.alreadyImported.length + outcome.merged.length,
    refused: outcome.refused.length,
    invalidLines: invalid.length,
  };
}
