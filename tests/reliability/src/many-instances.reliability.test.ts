import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { migrateStore } from '@symfonic/store-drizzle';
import { startWebSocketProxy } from '@symfonic/test-support/neon-proxy';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { InstanceEvent, InstanceSettings } from './harness/instance-worker.js';

const suite = 'many application instances on one PostgreSQL database';
const url = await testDatabase('symfonic_many_instances');
if (!url) console.log(skippedWithoutDatabase(suite));

/** The worker as built by `tsc -b` (workspace packages resolve into `dist`). */
const workerPath = fileURLToPath(new URL('../dist/harness/instance-worker.js', import.meta.url));
const nodePostgresInstances = 4;
const neonInstances = 2;
/** The bound of the run: rounds per instance, each a turn, a hydration and a remember. */
const rounds = 40;
const identicalAdds = 100;
/** Six processes on a shared 2-core machine: a budget, not a speed check. */
const budgetMs = 300_000;

/** A running instance: its process and everything it reported. */
interface Instance {
  readonly child: ChildProcessWithoutNullStreams;
  readonly events: InstanceEvent[];
  /** Resolves when the instance reports `phase-done` (or `failed`) for `phase`. */
  finished(phase: string): Promise<void>;
}

function startInstance(settings: InstanceSettings): Instance {
  const child = spawn(process.execPath, [workerPath, JSON.stringify(settings)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: InstanceEvent[] = [];
  const waiting = new Map<string, () => void>();
  const done = new Set<string>();
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const failAll = (reason: string) => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
    events.push({ kind: 'failed', phase: 'process', error: reason });
  };
  child.on('exit', (code) => {
    if (code !== 0) failAll(`instance ${settings.instance} exited with ${code}: ${stderr}`);
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const event = JSON.parse(line) as InstanceEvent;
    events.push(event);
    if (event.kind === 'phase-done' || event.kind === 'failed') {
      done.add(event.phase);
      waiting.get(event.phase)?.();
    }
  });
  return {
    child,
    events,
    finished: (phase) =>
      done.has(phase)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.set(phase, resolve)),
  };
}

/** Every instance runs `phase`; resolves when all have finished it (a barrier). */
async function runPhase(instances: readonly Instance[], phase: string): Promise<void> {
  for (const instance of instances) instance.child.stdin.write(`${phase}\n`);
  await Promise.all(instances.map((instance) => instance.finished(phase)));
  const failures = instances.flatMap((instance) =>
    instance.events.filter((event) => event.kind === 'failed'),
  );
  expect(failures, `no instance failed in ${phase}`).toEqual([]);
}

describe.runIf(url)(suite, () => {
  const database = url as string;
  const admin = new pg.Pool({ connectionString: database, max: 2 });
  afterAll(() => admin.end());

  const count = async (query: string, params: unknown[] = []) =>
    Number((await admin.query<{ count: string }>(query, params)).rows[0]?.count ?? 0);

  it(
    `${nodePostgresInstances} node-postgres and ${neonInstances} Neon instances lose nothing, cross nothing and leave nothing of a forgotten user`,
    async () => {
      // Migrated once, at deploy time, before any instance starts.
      await migrateStore(drizzle({ client: admin }));
      const proxy = await startWebSocketProxy();
      const tenants = ['acme', 'globex'];
      const doomedUsers = tenants.flatMap((tenant) => [
        { tenant, user: 'user:doomed-1' },
        { tenant, user: 'user:doomed-2' },
      ]);
      const instanceCount = nodePostgresInstances + neonInstances;
      const dedupScope = { tenant: 'acme', path: ['user:1'] };
      const dedupText = 'Prefers the aisle seat on long flights';
      const instances = Array.from({ length: instanceCount }, (_, instance) =>
        startInstance({
          url: database,
          driver: instance < nodePostgresInstances ? 'node-postgres' : 'neon',
          proxyPort: proxy.port,
          instance,
          rounds,
          tenants,
          users: ['user:1', 'user:2', 'user:3'],
          churnUsers: ['user:churn'],
          conversations: ['conversation:a', 'conversation:b'],
          doomedUsers,
          dedupAdds:
            Math.floor(identicalAdds / instanceCount) +
            (instance < identicalAdds % instanceCount ? 1 : 0),
          dedupScope,
          dedupText,
        }),
      );
      try {
        await runPhase(instances, 'work');
        await runPhase(instances, 'dedup');
        const events = instances.flatMap((instance) => instance.events);
        const neonTunnels = proxy.tunnelsOpened;
        expect(neonTunnels, 'the Neon instances went through the WebSocket proxy').toBeGreaterThan(
          0,
        );

        // 0 rows crossed: every memory a hydration returned is, in the database, visible to the
        // asking scope (same tenant, and one scope on the other's branch); every turn it
        // returned was logged at the asking scope itself.
        const hydrations = events.filter((event) => event.kind === 'hydrated');
        expect(hydrations.length).toBeGreaterThan(instanceCount * rounds * 0.6);
        expect(events.filter((event) => event.kind === 'crossed')).toEqual([]);
        let checkedRows = 0;
        for (const hydration of hydrations) {
          const asker = await admin.query<{
            tenant: string;
            scope_key: string;
            ancestor_keys: string[];
          }>(
            `select tenant, scope_key, ancestor_keys from symfonic.turns
           where tenant = $1 and turn_id = any($2) limit 1`,
            [hydration.tenant, hydration.turnIds],
          );
          const placement = asker.rows[0];
          if (!placement) continue; // a churn user forgotten since: checked by the forget count below
          checkedRows += hydration.memoryIds.length + hydration.turnIds.length;
          const crossedMemories = await count(
            `select count(*) from symfonic.memory_versions
           where memory_id = any($1) and version = 1
             and not (tenant = $2 and (scope_key = any($3) or $4 = any(ancestor_keys)))`,
            [hydration.memoryIds, placement.tenant, placement.ancestor_keys, placement.scope_key],
          );
          const crossedTurns = await count(
            `select count(*) from symfonic.turns
           where turn_id = any($1) and not (tenant = $2 and scope_key = $3)`,
            [hydration.turnIds, placement.tenant, placement.scope_key],
          );
          expect(crossedMemories + crossedTurns).toBe(0);
        }
        expect(checkedRows).toBeGreaterThan(hydrations.length);

        // 0 lost writes: every op an instance was told was applied is in the history, except
        // where a forget of the whole user may have removed it since.
        const forgettable = new Set(['user:churn', ...doomedUsers.map((doomed) => doomed.user)]);
        const applied = events.filter(
          (event) => event.kind === 'applied' && !forgettable.has(event.user),
        ) as Extract<InstanceEvent, { kind: 'applied' }>[];
        expect(applied.length).toBeGreaterThan(instanceCount * rounds);
        const change = { add: 'created', update: 'updated', delete: 'deleted' } as const;
        const lost = [];
        for (const write of applied) {
          const found = await count(
            `select count(*) from symfonic.memory_versions
           where memory_id = $1 and change = $2 and text = $3 and tenant = $4`,
            [write.id, change[write.op as keyof typeof change], write.text, write.tenant],
          );
          if (found !== 1) lost.push(write);
        }
        expect(lost).toEqual([]);

        // 0 duplicate turn numbers in a conversation.
        expect(
          await count(
            `select count(*) from (select 1 from symfonic.turns
           group by tenant, scope_key, turn having count(*) > 1) as repeated`,
          ),
        ).toBe(0);
        expect(await count('select count(*) from symfonic.turns')).toBeGreaterThan(rounds);

        // One memory for 100 concurrent identical adds across the processes.
        const dedup = events.filter((event) => event.kind === 'dedup');
        expect(dedup.reduce((sum, event) => sum + event.added, 0)).toBe(1);
        expect(dedup.reduce((sum, event) => sum + event.duplicates, 0)).toBe(identicalAdds - 1);
        expect(
          await count(
            `select count(*) from symfonic.memories where tenant = $1 and text = $2 and path = $3`,
            [dedupScope.tenant, dedupText, dedupScope.path],
          ),
        ).toBe(1);

        // Nothing of a forgotten user left, in any table, while the others kept writing.
        const doomedKeys = await admin.query<{ tenant: string; key: string }>(
          `select distinct tenant, scope_key as key from symfonic.memory_versions
         where tenant = any($1) and memory_id = any($2)`,
          [
            tenants,
            events.flatMap((event) =>
              event.kind === 'applied' && event.user.startsWith('user:doomed') ? [event.id] : [],
            ),
          ],
        );
        expect(doomedKeys.rows).toHaveLength(doomedUsers.length);
        const rowsOf = async () => {
          let rows = 0;
          for (const table of ['memories', 'memory_versions', 'memory_embeddings', 'turns']) {
            for (const { tenant, key } of doomedKeys.rows) {
              rows += await count(
                `select count(*) from symfonic.${table} where tenant = $1 and $2 = any(ancestor_keys)`,
                [tenant, key],
              );
            }
          }
          return rows;
        };
        const doomedRows = await rowsOf();
        expect(doomedRows).toBeGreaterThan(0);
        await runPhase(instances, 'forget');
        expect(await rowsOf()).toBe(0);
        console.log(
          `${suite}: ${instanceCount} processes (${nodePostgresInstances} node-postgres, ${neonInstances} Neon through ${neonTunnels} WebSocket tunnels), ` +
            `${hydrations.length} hydrations (${checkedRows} rows checked against the database, 0 crossed), ` +
            `${applied.length} applied ops all in history, ${await count('select count(*) from symfonic.turns')} turns without a repeated number, ` +
            `1 memory from ${identicalAdds} identical adds, ${doomedRows} rows of ${doomedUsers.length} forgotten users gone`,
        );
      } finally {
        for (const instance of instances) instance.child.stdin.end('exit\n');
        await Promise.all(
          instances.map(
            (instance) =>
              new Promise<void>((resolve) => {
                if (instance.child.exitCode !== null) resolve();
                else instance.child.once('exit', () => resolve());
              }),
          ),
        );
        await proxy.close();
      }
    },
    budgetMs,
  );
});
