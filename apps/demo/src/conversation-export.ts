import { conversationTurnSchema } from '@symfonic/core';
import { z } from 'zod';

/** One line of a conversation export: `{ speaker, text, turnId? }`. */
export const exportLineSchema = z
  .object({
    speaker: conversationTurnSchema.shape.speaker.unwrap(),
    text: conversationTurnSchema.shape.text.min(1),
    turnId: conversationTurnSchema.shape.turnId.optional(),
  })
  .strict();

/** A line that parsed, with its 1-based line number. */
export interface ExportLine {
  readonly lineNumber: number;
  readonly speaker: string;
  readonly text: string;
  readonly turnId: string;
}

/** A line that did not, and why. */
export interface InvalidExportLine {
  readonly lineNumber: number;
  readonly reason: string;
}

/**
 * Parse a JSON Lines conversation export. Blank lines are skipped; a line
 * that is not JSON or not `{ speaker, text, turnId? }` is reported with its
 * number and the rest are kept. A line without `turnId` gets `line-<n>`, so a
 * re-import of the same file names the same turns.
 */
export function parseConversationExport(source: string): {
  lines: ExportLine[];
  invalid: InvalidExportLine[];
} {
  const lines: ExportLine[] = [];
  const invalid: InvalidExportLine[] = [];
  for (const [index, raw] of source.split(/\r?\n/).entries()) {
    const lineNumber = index + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      invalid.push({ lineNumber, reason: 'not valid JSON' });
      continue;
    }
    const parsed = exportLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `"${issue.path.join('.')}": ` : '';
      invalid.push({
        lineNumber,
        reason: `not a { speaker, text, turnId? } object (${where}${issue?.message ?? 'invalid'})`,
      });
      continue;
    }
    lines.push({ lineNumber, ...parsed.data, turnId: parsed.data.turnId ?? `line-${lineNumber}` });
  }
  return { lines, invalid };
}
