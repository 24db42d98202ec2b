import { PGlite } from '@electric-sql/pglite';
import { Limits } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { resultRows } from '../rows/result-rows.js';
import { frequencyCap, weighCue } from './weigh-lexemes.js';

const client = await PGlite.create();
const database = drizzle({ client });
let store: DrizzleMemoryStore;

const user = { tenant: 'acme', path: ['user:1'] };
const other = { tenant: 'acme', path: ['user:2'] };
const layers = ['episodic', 'semantic'] as const;

/** How many memories visible to user:1 hold `lexeme`, counted the plain way (no cap). */
async function plainCount(lexeme: string): Promise<number> {
  const [row] = resultRows<{ hits: number }>(
    await database.execute(sql`select count(*)::int as hits from symfonic.memories
      where tenant = 'acme' and path = array['user:1']
        and search @@ array_to_tsvector(array[${lexeme}]::text[])::text::tsquery`),
  );
  return row?.hits ?? 0;
}

beforeAll(async () => {
  store = await createDrizzleStore({ db: database });
  const texts = [
    ...Array.from({ length: frequencyCap + 5 }, (_, index) => `Daily tea note ${index}`),
    'Sam plays jazz on Sundays',
    'Sam plays jazz piano',
    "The notes are at http://x.org/a'b for now",
    "Also at http://x.org/a'b today",
  ];
  for (let start = 0; start < texts.length; start += Limits.opsPerApply) {
    const ops = texts
      .slice(start, start + Limits.opsPerApply)
      .map((text) => ({ op: 'add' as const, text }));
    await store.apply(user, ops, { writer: 'test' });
  }
  await store.apply(other, [{ op: 'add', text: 'Only user two says xylophone and jazz' }], {
    writer: 'test',
  });
});

afterAll(async () => {
  await store.close();
});

describe('weighCue', () => {
  it('weighs each cue word by the visible memories holding it, in the order the cue says them', async () => {
    const cue = await weighCue(database, user, layers, 'Jazz, tea or xylophone?');
    expect(cue.read).toBe(3);
    expect(cue.distinct).toBe(3);
    // xylophone is held only by another user's memory: left out.
    expect(cue.weighed.map((word) => word.lexeme)).toEqual(['jazz', 'tea']);
    const [jazz, tea] = cue.weighed;
    expect(jazz).toEqual({
      lexeme: 'jazz',
      hits: 2,
      weight: Math.log(1 + frequencyCap / 2),
      common: false,
    });
    expect(await plainCount('tea')).toBeGreaterThan(frequencyCap);
    expect(tea).toEqual({
      lexeme: 'tea',
      hits: frequencyCap,
      weight: Math.log(2),
      common: true,
    });
    // The rare word's holders come back by id, the common word's do not.
    const jazzIds = resultRows<{ id: string }>(
      await database.execute(
        sql`select id from symfonic.memories where path = array['user:1'] and text like '%jazz%'`,
      ),
    ).map((row) => row.id);
    expect(jazzIds).toHaveLength(2);
    expect([...cue.rareIds].sort()).toEqual(jazzIds.sort());
  });

  it('counts words holding a quote (a URL path) as the plain count does', async () => {
    const cue = await weighCue(database, user, layers, "http://x.org/a'b");
    expect(cue.weighed.map((word) => word.lexeme)).toContain("/a'b");
    for (const word of cue.weighed) {
      expect(word.hits).toBe(2);
      expect(word.hits).toBe(await plainCount(word.lexeme));
    }
  });

  it('reads the first Limits.cueTerms distinct words and says how many the cue has', async () => {
    const words = Array.from({ length: Limits.cueTerms + 8 }, (_, index) => `word${index}x`);
    const cue = await weighCue(database, user, layers, `${words.join(' ')} jazz`);
    expect(cue.read).toBe(Limits.cueTerms);
    expect(cue.distinct).toBe(Limits.cueTerms + 9);
    // jazz comes after the bound: never weighed.
    expect(cue.weighed).toEqual([]);
  });

  it('answers nothing for a cue without a searchable word', async () => {
    expect(await weighCue(database, user, layers, 'the and of')).toEqual({
      weighed: [],
      read: 0,
      distinct: 0,
      rareIds: [],
    });
  });
});
