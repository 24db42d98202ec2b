import type {
  ChangePage,
  FeedOptions,
  MemoryChange,
  MemoryScope,
  MemoryStore,
} from '@symfonic/core';

/** Every page of a feed, following `nextCursor` (at most `maxPages`, so a store that loops fails the test). */
export async function readAll<Page extends { readonly nextCursor?: string }, Item>(
  read: (options: FeedOptions) => Promise<Page>,
  items: (page: Page) => readonly Item[],
  limit?: number,
  maxPages = 10_000,
): Promise<{ items: Item[]; pages: number }> {
  const all: Item[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const page = await read({
      ...(after === undefined ? {} : { after }),
      ...(limit === undefined ? {} : { limit }),
    });
    all.push(...items(page));
    after = page.nextCursor;
    pages += 1;
    if (pages > maxPages) throw new Error(`the feed did not end within ${maxPages} pages`);
  } while (after !== undefined);
  return { items: all, pages };
}

/** The whole change feed of `scope`. */
export async function allChanges(
  store: MemoryStore,
  scope: MemoryScope,
  limit?: number,
): Promise<MemoryChange[]> {
  const read = await readAll(
    (options) => store.changes(scope, options),
    (page: ChangePage) => page.changes,
    limit,
  );
  return read.items;
}
