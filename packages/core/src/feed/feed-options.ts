import { z } from 'zod';
import { Limits } from '../limits.js';

/**
 * Options of `changes`, `scopes` and `turns`: `after`, the `nextCursor` of
 * the previous page (opaque: only a cursor the same feed of the same store
 * kind issued is accepted), and `limit`, the page size, a whole number from
 * 1 to {@link Limits.feedPage} ({@link Limits.feedPageDefault} when absent).
 */
export const feedOptionsSchema = z
  .object({
    after: z.string().min(1).max(4_096).optional(),
    limit: z.number().int().min(1).max(Limits.feedPage).optional(),
  })
  .strict();

/** `{ after?, limit? }`. */
export type FeedOptions = z.input<typeof feedOptionsSchema>;
