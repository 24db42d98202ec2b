import { Limits } from '../limits.js';
import { parseInput } from '../parse-input.js';
import { type FeedOptions, feedOptionsSchema } from './feed-options.js';

/**
 * The options of a feed call, checked as every store checks them: the page
 * size (default {@link Limits.feedPageDefault}) and the cursor, decoded by
 * `decode` (one of `feedCursor`'s decoders), or `undefined` for the first page.
 *
 * @throws InvalidMemoryInput for a malformed limit or cursor.
 */
export function readFeedOptions<Position>(
  options: FeedOptions | undefined,
  decode: (cursor: string) => Position,
): { readonly limit: number; readonly after: Position | undefined } {
  const valid = parseInput(feedOptionsSchema, options ?? {}, 'feed options');
  return {
    limit: valid.limit ?? Limits.feedPageDefault,
    after: valid.after === undefined ? undefined : decode(valid.after),
  };
}
