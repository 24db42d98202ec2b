import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { skippedWithoutDatabase } from './skipped-without-database.js';
import { testDatabase } from './test-database.js';

const suite = 'testDatabase on PostgreSQL';
if (!process.env.DATABASE_URL) console.log(skippedWithoutDatabase(suite));

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe('testDatabase', () => {
  it('refuses a name that is not a plain identifier, before asking any server', async () => {
    await expect(testDatabase('x"; drop database postgres; --')).rejects.toThrow(
      /not a plain database name/,
    );
    await expect(testDatabase('Mixed')).rejects.toThrow(/not a plain database name/);
  });
});

describe.runIf(process.env.DATABASE_URL)(suite, () => {
  it('hands out an empty database of that name, dropping what a previous run left', async () => {
    const first = await testDatabase('symfonic_test_support_fresh');
    const suffix = process.env.SYMFONIC_TEST_DATABASE_SUFFIX;
    expect(first?.endsWith(`/symfonic_test_support_fresh${suffix ? `_${suffix}` : ''}`)).toBe(true);
    await query(first as string, 'create table leftover (id int)');
    const second = await testDatabase('symfonic_test_support_fresh');
    expect(second).toBe(first);
    const tables = await query(
      second as string,
      "select 1 from information_schema.tables where table_name = 'leftover'",
    );
    expect(tables.rowCount).toBe(0);
  });

  it('appends SYMFONIC_TEST_DATABASE_SUFFIX, so two checkouts never share a database', async () => {
    const before = process.env.SYMFONIC_TEST_DATABASE_SUFFIX;
    process.env.SYMFONIC_TEST_DATABASE_SUFFIX = 'checkout_b';
    try {
      const url = await testDatabase('symfonic_test_support_suffixed');
      expect(url).toMatch(/\/symfonic_test_support_suffixed_checkout_b$/);
      process.env.SYMFONIC_TEST_DATABASE_SUFFIX = 'not-plain';
      await expect(testDatabase('symfonic_test_support_suffixed')).rejects.toThrow(
        /not a plain database name/,
      );
    } finally {
      if (before === undefined) delete process.env.SYMFONIC_TEST_DATABASE_SUFFIX;
      else process.env.SYMFONIC_TEST_DATABASE_SUFFIX = before;
    }
  });
});
