import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerText,
  clientGenerations,
  connectStdio,
  type StdioSession,
} from './testing/server-process.js';

const suite = 'symfonic-mcp on PostgreSQL when the store goes away mid-session';
const url = await testDatabase('symfonic_mcp_outage');
/** The name `testDatabase` gave the database (with the checkout's suffix, when one is set). */
const databaseName = url ? new URL(url).pathname.slice(1) : '';
if (!url) console.log(skippedWithoutDatabase(suite));

describe.runIf(url).each(clientGenerations)(`${suite} (%s client)`, (generation) => {
  let session: StdioSession;
  let admin: pg.Client;
  const terminateBackends = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
  const allowConnections = (allowed: boolean) =>
    admin.query(`alter database ${databaseName} allow_connections ${allowed}`);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    session = await connectStdio(
      [
        '--database-url',
        url as string,
        '--tenant',
        'acme',
        '--user',
        'alice',
        // Each client generation starts from an empty scope on the one test database.
        '--allow-forget-all',
      ],
      generation,
    );
    await session.client.callTool({
      name: 'memory_forget_all',
      arguments: { confirm: true },
    });
    const written = await session.client.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'add', text: 'The user is allergic to peanuts', salience: 1 }] },
    });
    expect(written.isError).toBeFalsy();
  });
  afterAll(async () => {
    await allowConnections(true);
    await session?.close();
    await admin?.end();
  });

  it('survives its connections being killed: the next call connects again', async () => {
    const killed = await terminateBackends();
    expect(killed.rowCount).toBeGreaterThan(0);
    // The call right after the kill may still meet a dying connection: it answers, as a tool
    // error saying memory is unavailable or as a recall, and never takes the server down.
    const first = await session.client.callTool({
      name: 'memory_recall',
      arguments: { query: 'peanuts' },
    });
    if (first.isError) expect(answerText(first)).toMatch(/^memory is unavailable/);
    const next = await session.client.callTool({
      name: 'memory_recall',
      arguments: { query: 'peanuts' },
    });
    expect(next.isError).toBeFalsy();
    expect(answerText(next)).toContain('The user is allergic to peanuts');
  });

  it('answers every call "memory is unavailable" while the database refuses connections, then recovers', async () => {
    await allowConnections(false);
    await terminateBackends();
    const calls = [
      { name: 'memory_recall', arguments: { query: 'peanuts' } },
      {
        name: 'memory_remember',
        arguments: { ops: [{ op: 'add', text: 'The user likes walnuts' }] },
      },
      { name: 'memory_history', arguments: { ref: 'some-id' } },
      { name: 'memory_forget', arguments: { ref: 'some-id' } },
      { name: 'memory_record_turn', arguments: { speaker: 'user', text: 'hello' } },
    ];
    for (const call of calls) {
      const answered = await session.client.callTool(call);
      expect(answered.isError, call.name).toBe(true);
      expect(answerText(answered), call.name).toMatch(/^memory is unavailable \(/);
      expect(answerText(answered)).toContain('try again');
    }
    await expect(session.client.readResource({ uri: 'symfonic://memories' })).rejects.toThrow(
      /could not/,
    );
    expect(session.stderr()).toContain('memory_remember: memory unavailable');

    await allowConnections(true);
    const recall = await session.client.callTool({
      name: 'memory_recall',
      arguments: { query: 'peanuts walnuts' },
    });
    expect(recall.isError).toBeFalsy();
    expect(answerText(recall)).toContain('The user is allergic to peanuts');
    // The refused write wrote nothing: walnuts were never remembered.
    expect(answerText(recall)).not.toContain('walnuts');
    const written = await session.client.callTool(calls[1] as (typeof calls)[number]);
    expect(written.isError).toBeFalsy();
  });
});
