import { createInterface } from 'node:readline';
import { type MemoryScope, ScopeViolation } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openNeonStore } from '@symfonic/store-drizzle/neon';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { configureNeonForProxy } from '@symfonic/test-support/neon-proxy';

/**
 * One application instance of the many-instances test, run as its own Node process:
 * `node instance-worker.js '<InstanceSettings as JSON>'`. It opens its own store (its own
 * pool) on the shared database and waits for phases on stdin, one name a line (`work`,
 * `dedup`, `forget`, `exit`); it reports on stdout, one JSON {@link InstanceEvent} a line,
 * ending each phase with `phase-done`. The parent orders the phases (a barrier: every
 * instance has finished one before any starts the next), so nothing is timed.
 */
export interface InstanceSettings {
  readonly url: string;
  readonly driver: 'node-postgres' | 'neon';
  /** The WebSocket proxy's port, for the Neon driver. */
  readonly proxyPort?: number;
  /** This instance's number, which seeds its choices. */
  readonly instance: number;
  /** Rounds of the work phase: the bound of the run. */
  readonly rounds: number;
  readonly tenants: readonly string[];
  /** Users written by every instance through the work phase. */
  readonly users: readonly string[];
  /** Users also forgotten, whole, during the work phase, and written again after. */
  readonly churnUsers: readonly string[];
  readonly conversations: readonly string[];
  /** Users written in the work phase and forgotten in the forget phase, never written after. */
  readonly doomedUsers: readonly { readonly tenant: string; readonly user: string }[];
  /** This instance's share of the concurrent identical adds of the dedup phase. */
  readonly dedupAdds: number;
  readonly dedupScope: MemoryScope;
  readonly dedupText: string;
}

/** What an instance reports. */
export type InstanceEvent =
  | {
      readonly kind: 'applied';
      readonly op: string;
      readonly id: string;
      readonly text: string;
      readonly tenant: string;
      readonly user: string;
    }
  | {
      readonly kind: 'hydrated';
      readonly tenant: string;
      readonly path: readonly string[];
      readonly memoryIds: readonly string[];
      readonly turnIds: readonly string[];
    }
  | { readonly kind: 'crossed'; readonly detail: string }
  | {
      readonly kind: 'forgot';
      readonly tenant: string;
      readonly user: string;
      readonly phase: string;
    }
  | { readonly kind: 'dedup'; readonly added: number; readonly duplicates: number }
  | { readonly kind: 'phase-done'; readonly phase: string }
  | { readonly kind: 'failed'; readonly phase: string; readonly error: string };

const settings = JSON.parse(process.argv[2] ?? '{}') as InstanceSettings;
const report = (event: InstanceEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

/** mulberry32: a seeded generator, so an instance's choices are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = seeded(0x5eed + settings.instance * 7_919);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const topics = ['sailing', 'violin', 'peanut allergy', 'Lisbon', 'chess', 'rock climbing', 'tea'];

const embedder = createLocalEmbedder();
if (settings.driver === 'neon') configureNeonForProxy(settings.proxyPort ?? 0);
const store =
  settings.driver === 'neon'
    ? await openNeonStore({ connectionString: settings.url, embedder })
    : await openNodePostgresStore({ connectionString: settings.url, embedder });
const memory = createMemory({ store, embedder });
const provenance = { writer: `instance-${settings.instance}` };

/** One round: a turn, a hydration, and a remember that adds, updates and deletes through refs. */
async function round(index: number, tenant: string, user: string): Promise<void> {
  const conversation = pick(settings.conversations);
  const scope = { tenant, path: [user, conversation] };
  const topic = pick(topics);
  const tag = `i${settings.instance} r${index}`;
  await memory.record(scope, {
    turnId: `turn ${tag}`,
    speaker: 'user',
    text: `${tag}: tell me about ${topic}`,
  });
  let block: Awaited<ReturnType<typeof memory.hydrate>>;
  try {
    block = await memory.hydrate(scope, topic);
  } catch (error) {
    if (ScopeViolation.isInstance(error)) {
      report({ kind: 'crossed', detail: error.message });
      return;
    }
    throw error;
  }
  report({
    kind: 'hydrated',
    tenant,
    path: scope.path,
    memoryIds: block.recalled.map((recalled) => recalled.record.id),
    turnIds: block.working.turns.map((turn) => turn.turnId),
  });
  const ownRefs = block.recalled
    .filter((recalled) => recalled.record.scope.path.join('/') === user)
    .map((recalled) => recalled.ref);
  const ops: Record<string, string>[] = [
    { op: 'add', text: `${tag} likes ${topic}` },
    { op: 'add', text: `${tag} noted ${pick(topics)} at ${conversation}` },
  ];
  const [toUpdate, toDelete] = ownRefs;
  if (toUpdate && random() < 0.6) {
    ops.push({ op: 'update', ref: toUpdate, text: `${tag} now prefers ${pick(topics)}` });
  }
  if (toDelete && random() < 0.4) ops.push({ op: 'delete', ref: toDelete });
  const outcome = await memory.remember({ tenant, path: [user] }, JSON.stringify({ ops }), {
    provenance,
    refs: block.refs,
  });
  for (const applied of outcome.applied) {
    report({
      kind: 'applied',
      op: applied.op,
      id: applied.record.id,
      text: applied.record.text,
      tenant,
      user,
    });
  }
}

async function work(): Promise<void> {
  const doomed = settings.doomedUsers;
  for (let index = 0; index < settings.rounds; index += 1) {
    const roll = random();
    if (roll < 0.1) {
      const tenant = pick(settings.tenants);
      const user = pick(settings.churnUsers);
      await store.forget({ tenant, path: [user] });
      report({ kind: 'forgot', tenant, user, phase: 'work' });
    } else if (roll < 0.3 && doomed.length > 0) {
      const { tenant, user } = pick(doomed);
      await round(index, tenant, user);
    } else {
      await round(index, pick(settings.tenants), pick([...settings.users, ...settings.churnUsers]));
    }
  }
}

async function dedup(): Promise<void> {
  const results = await Promise.all(
    Array.from({ length: settings.dedupAdds }, () =>
      store.apply(settings.dedupScope, [{ op: 'add', text: settings.dedupText }], provenance),
    ),
  );
  const added = results.filter((result) => result.applied.length === 1).length;
  const duplicates = results.filter((result) =>
    result.rejected.some((rejected) => rejected.code === 'duplicate'),
  ).length;
  report({ kind: 'dedup', added, duplicates });
}

async function forget(): Promise<void> {
  // Every doomed user is forgotten by several instances at once, while each also keeps writing elsewhere.
  const mine = settings.doomedUsers.filter(
    (_, index) => index % 3 === settings.instance % 3 || (index + 1) % 3 === settings.instance % 3,
  );
  await Promise.all([
    ...mine.map(async ({ tenant, user }) => {
      await store.forget({ tenant, path: [user] });
      report({ kind: 'forgot', tenant, user, phase: 'forget' });
    }),
    round(settings.rounds, pick(settings.tenants), pick(settings.users)),
  ]);
}

const phases: Record<string, () => Promise<void>> = { work, dedup, forget };
for await (const line of createInterface({ input: process.stdin })) {
  const phase = line.trim();
  if (phase === 'exit') break;
  const run = phases[phase];
  if (!run) continue;
  try {
    await run();
    report({ kind: 'phase-done', phase });
  } catch (error) {
    report({
      kind: 'failed',
      phase,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}
await store.close();
