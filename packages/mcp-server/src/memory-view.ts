import { Limits, type MemoryRecord } from '@symfonic/core';
import { shownText } from '@symfonic/memory';
import { z } from 'zod';

/** A memory as the tools and the memories resource show it: never its scope, which the session already fixes. */
export const memoryViewSchema = z.object({
  id: z.string(),
  layer: z.string(),
  text: z.string().max(Limits.memoryText),
  salience: z.number(),
  updatedAt: z.string(),
});

/** `{ id, layer, text, salience, updatedAt }` (an ISO 8601 time). */
export type MemoryView = z.infer<typeof memoryViewSchema>;

/** The view of `record`, its text shown as the block shows it (`shownText`: flattened onto one line). */
export function memoryView(record: MemoryRecord): MemoryView {
  return {
    id: record.id,
    layer: record.layer,
    text: shownText(record.text),
    salience: record.salience,
    updatedAt: record.updatedAt.toISOString(),
  };
}
