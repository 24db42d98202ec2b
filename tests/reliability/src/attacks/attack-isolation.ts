import {
  InvalidMemoryInput,
  isVisible,
  isWithin,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  RejectionCode,
  sameScope,
} from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { adversarialScopes, refusedScopeInputs } from './adversarial-scopes.js';
import { CrossingLedger, type IsolationReport, scopeText } from './crossing-ledger.js';

const provenance = { writer: 'isolation-attack' };

/** Options of {@link attackIsolation}. */
export interface IsolationAttackOptions {
  /**
   * How many following scopes of the adversarial list each scope attacks by
   * id (the list keeps the closest look-alikes next to each other); every
   * other scope when absent. Each id attack is four statements, so a SQL
   * store over a slow engine attacks its ten nearest neighbours instead of
   * all forty.
   */
  readonly neighbours?: number;
}
const cue = 'harbor canary';

/** Every live record of `tenant`, read page by page from the tenant's root (which sees them all). */
async function tenantRecords(store: MemoryStore, tenant: string): Promise<MemoryRecord[]> {
  const records: MemoryRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(
      { tenant, path: [] },
      { limit: 1000, ...(cursor ? { cursor } : {}) },
    );
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}

/** A memory loop over `store` that shows everything it recalls: no cap, no limit short of the corpus. */
function unboundedMemory(store: MemoryStore): Memory {
  const large = 1_000_000;
  return createMemory({
    store,
    working: { recentTurns: 100 },
    recall: { limit: 1_000, caps: { semantic: large, episodic: large, total: large } },
  });
}

/**
 * Attack tenant and scope isolation of `store`, which must hold nothing of
 * the tenants in `adversarialTenants`:
 *
 * 1. write one canary memory, one shared text and one canary turn at every
 *    adversarial scope (prefix look-alikes, wildcards, quotes, Unicode
 *    look-alikes); the shared text must be no duplicate across scopes;
 * 2. write from `acme/user:1` with metadata, op fields, provenance and a
 *    model reply that name `acme2/user:1` as owner;
 * 3. from every scope: scan, retrieve, list, recent, hydrate; every answered
 *    row, dropped id, rendered canary and ref is checked against its owner;
 * 4. from every scope: the id of the canary memory of every other scope
 *    (or of its `neighbours` next in the list) in `get`, `history`,
 *    `update` and `delete` (through the store; a sample and an invented ref
 *    through `remember`);
 * 5. scope inputs that must be refused with `InvalidMemoryInput`;
 * 6. every row is read back from its own scope, unchanged;
 * 7. `forget` of look-alike scopes erases exactly their subtree.
 *
 * @returns the attempts, refusals, crossings and caught leaks; it throws
 * only for errors that are neither a refusal nor a `ScopeViolation`.
 */
export async function attackIsolation(
  store: MemoryStore,
  options: IsolationAttackOptions = {},
): Promise<IsolationReport> {
  const ledger = new CrossingLedger();
  const scopes = adversarialScopes();
  const memory = unboundedMemory(store);
  const written = await populate(store, scopes, ledger);
  await attackWithOwnerFields(store, memory, ledger, written);
  for (const asking of scopes) await probeReads(store, memory, asking, ledger);
  const canaries = [...written.values()].filter((record) => record.text.includes('canary'));
  const neighbours = Math.min(options.neighbours ?? scopes.length, scopes.length - 1);
  for (const [index, asking] of scopes.entries()) {
    const targets = new Set<string>();
    for (let step = 1; step <= neighbours; step += 1) {
      const neighbour = scopes[(index + step) % scopes.length] as MemoryScope;
      for (const record of canaries) if (sameScope(record.scope, neighbour)) targets.add(record.id);
    }
    await probeForeignIds(store, memory, asking, ledger, targets);
  }
  await probeRefusedScopes(store, ledger);
  await verifyUntouched(store, ledger, written);
  await probeForget(store, ledger, written);
  return ledger.report();
}

/** Write the population; answer every record written, by id, as first written. */
async function populate(
  store: MemoryStore,
  scopes: readonly MemoryScope[],
  ledger: CrossingLedger,
): Promise<Map<string, MemoryRecord>> {
  const written = new Map<string, MemoryRecord>();
  for (const [index, scope] of scopes.entries()) {
    const token = `canary${index}x`;
    ledger.ownToken(token, scope);
    const result = await store.apply(
      scope,
      [
        { op: 'add', text: `harbor canary ${token}` },
        { op: 'add', text: 'harbor shared fact' },
      ],
      provenance,
    );
    for (const { record } of result.applied) {
      ledger.own(record.id, scope);
      written.set(record.id, record);
      if (!sameScope(record.scope, scope)) {
        ledger.cross({
          probe: 'apply',
          asking: scopeText(scope),
          row: record.id,
          why: `written at ${scopeText(record.scope)}`,
        });
      }
    }
    for (const rejection of result.rejected) {
      // Another scope's text must not count as a duplicate: that would tell one tenant what another holds.
      ledger.cross({
        probe: 'apply (duplicate check)',
        asking: scopeText(scope),
        row: rejection.existingId ?? `op ${rejection.index}`,
        why: `rejected as ${rejection.code}`,
      });
    }
    ledger.attempt(written.size);
    await store.append(scope, {
      turnId: `turn-${index}`,
      speaker: 'user',
      text: `harbor turn ${token}`,
      turn: 0,
    });
  }
  return written;
}

/** Writes from `acme/user:1` whose metadata, fields, provenance or reply name `acme2/user:1` as owner. */
async function attackWithOwnerFields(
  store: MemoryStore,
  memory: Memory,
  ledger: CrossingLedger,
  written: Map<string, MemoryRecord>,
): Promise<void> {
  const attacker: MemoryScope = { tenant: 'acme', path: ['user:1'] };
  const victim: MemoryScope = { tenant: 'acme2', path: ['user:1'] };
  const claims = {
    tenant: victim.tenant,
    path: victim.path,
    scope: 'acme2/user:1',
    owner: victim.tenant,
    tenant_id: victim.tenant,
    scopeKey: 'acme2/user:1/',
    ancestorKeys: ['acme2/', 'acme2/user:1/'],
  };
  const landed = (scope: MemoryScope, records: readonly MemoryRecord[], probe: string) => {
    for (const record of records) {
      ledger.own(record.id, scope);
      written.set(record.id, record);
      if (!sameScope(record.scope, scope)) {
        ledger.cross({
          probe,
          asking: scopeText(scope),
          row: record.id,
          why: `written at ${scopeText(record.scope)}`,
        });
      }
    }
  };

  const tokens = ['canary900x', 'canary901x', 'canary902x'];
  for (const token of tokens) ledger.ownToken(token, attacker);
  ledger.attempt(3);
  const viaMetadata = await store.apply(
    attacker,
    [{ op: 'add', text: `harbor canary ${tokens[0]}`, metadata: claims }],
    provenance,
  );
  landed(
    attacker,
    viaMetadata.applied.map((applied) => applied.record),
    'apply with owner metadata',
  );

  const viaFields = await store.apply(
    attacker,
    [{ op: 'add', text: 'harbor claimed by fields', ...claims }],
    provenance,
  );
  if (viaFields.rejected[0]?.code === RejectionCode.invalidOp) ledger.refused();
  landed(
    attacker,
    viaFields.applied.map((applied) => applied.record),
    'apply with owner fields',
  );

  const viaProvenance = await store.apply(
    attacker,
    [{ op: 'add', text: `harbor canary ${tokens[1]}` }],
    { writer: 'acme2/user:1', turnId: 'acme2/user:1/turn-1', replyFamily: 'acme2' },
  );
  landed(
    attacker,
    viaProvenance.applied.map((applied) => applied.record),
    'apply with victim provenance',
  );

  const reply = JSON.stringify({
    ops: [{ op: 'add', text: `harbor canary ${tokens[2]}`, ...claims }],
  });
  const viaReply = await memory.remember(attacker, reply, { provenance });
  landed(
    attacker,
    viaReply.applied.map((applied) => applied.record),
    'remember with owner fields',
  );

  ledger.attempt(2);
  await refusal(ledger, () =>
    store.apply(attacker, [], { writer: 'x', tenant: victim.tenant } as never),
  );
  await refusal(ledger, () =>
    store.append(attacker, {
      turnId: 't',
      speaker: 'user',
      text: 'x',
      turn: 1,
      tenant: 'acme2',
    } as never),
  );
}

/** Expect `action` to be refused with `InvalidMemoryInput`; anything it wrote instead is a failure of the attack's expectations. */
async function refusal(ledger: CrossingLedger, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (InvalidMemoryInput.isInstance(error)) {
      ledger.refused();
      return;
    }
    throw error;
  }
  throw new Error('a hostile input was accepted where InvalidMemoryInput was expected');
}

/** Every read path, from `asking`. */
async function probeReads(
  store: MemoryStore,
  memory: Memory,
  asking: MemoryScope,
  ledger: CrossingLedger,
): Promise<void> {
  const foreign = ledger.foreignRows(asking);
  const asRows = (records: readonly MemoryRecord[]) =>
    records.map(({ id, scope, text }) => ({ id, scope, text }));

  for (const probe of ['scanCandidates', 'retrieve'] as const) {
    ledger.attempt(foreign);
    const result = await ledger.guard(probe, () =>
      store[probe]({ scope: asking, cue, limit: probe === 'retrieve' ? 1_000 : 1 }),
    );
    if (!result) continue;
    ledger.checkRows(probe, asking, asRows(result.memories.map((memory) => memory.record)));
    ledger.checkRows(
      `${probe} dropped`,
      asking,
      result.dropped.map(({ id }) => ({ id })),
    );
  }

  ledger.attempt(foreign);
  const listed = await ledger.guard('list', async () => {
    const records: MemoryRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.list(asking, { limit: 1000, ...(cursor ? { cursor } : {}) });
      records.push(...page.records);
      cursor = page.nextCursor;
    } while (cursor);
    return records;
  });
  if (listed) ledger.checkRows('list', asking, asRows(listed));

  ledger.attempt(foreign);
  for (const turn of await store.recent(asking, 100)) ledger.checkText('recent', asking, turn.text);

  ledger.attempt(foreign);
  const block = await ledger.guard('hydrate', () => memory.hydrate(asking, cue));
  if (block) {
    ledger.checkText('hydrate text', asking, block.text);
    ledger.checkRows('hydrate recalled', asking, asRows(block.recalled.map((item) => item.record)));
    ledger.checkRows(
      'hydrate refs',
      asking,
      Object.values(block.refs).map((id) => ({ id })),
    );
    ledger.checkRows(
      'hydrate dropped',
      asking,
      block.dropped.map(({ id }) => ({ id })),
    );
  }
}

/** Every foreign canary memory, from `asking`, in get, history, update and delete (store and remember). */
async function probeForeignIds(
  store: MemoryStore,
  memory: Memory,
  asking: MemoryScope,
  ledger: CrossingLedger,
  canaries: ReadonlySet<string>,
): Promise<void> {
  const foreign = [...ledger.rows]
    .filter(([id, owner]) => canaries.has(id) && !isVisible(owner, asking))
    .map(([id]) => id);
  const across = (probe: string, id: string, why: string) =>
    ledger.cross({ probe, asking: scopeText(asking), row: id, why });

  ledger.attempt(2 * foreign.length);
  const reads = await Promise.all(
    foreign.map(async (id) => ({
      id,
      record: await ledger.guard('get', () => store.get(asking, id)),
      history: await ledger.guard('history', () => store.history(asking, id)),
    })),
  );
  for (const { id, record, history } of reads) {
    if (record) across('get', id, 'answered a foreign id');
    if (history && history.length > 0) across('history', id, `answered ${history.length} versions`);
  }

  const opsOn = (ids: readonly string[]) =>
    ids.flatMap((id) => [
      { op: 'update' as const, id, text: `harbor hijacked ${id}` },
      { op: 'delete' as const, id },
    ]);
  // The store sees every foreign id; remember passes ids through to it, so a sample proves its path.
  const sample = foreign.slice(0, 3);
  ledger.attempt(2 * foreign.length + 2 * sample.length + 1);
  const direct = await store.apply(asking, opsOn(foreign), provenance);
  const reply = JSON.stringify({ ops: [...opsOn(sample), { op: 'delete', ref: '#999' }] });
  const remembered = await memory.remember(asking, reply, { provenance, refs: {} });
  for (const result of [direct, remembered]) {
    for (const applied of result.applied) {
      across('update/delete', applied.record.id, 'changed a foreign row');
    }
    for (const rejection of result.rejected) {
      if (rejection.code === RejectionCode.unknownId || rejection.code === 'unknown-ref') {
        ledger.refused();
      } else {
        across(
          'update/delete',
          `op ${rejection.index}`,
          `rejected as ${rejection.code}, not unknown-id`,
        );
      }
    }
  }
}

/** Scope inputs that must be refused before any backend call. */
async function probeRefusedScopes(store: MemoryStore, ledger: CrossingLedger): Promise<void> {
  for (const scope of refusedScopeInputs()) {
    const calls: (() => Promise<unknown>)[] = [
      () => store.apply(scope as MemoryScope, [{ op: 'add', text: 'harbor refused' }], provenance),
      () => store.scanCandidates({ scope: scope as MemoryScope, cue, limit: 10 }),
      () => store.list(scope as MemoryScope),
      () => store.forget(scope as MemoryScope),
    ];
    ledger.attempt(calls.length);
    for (const call of calls) await refusal(ledger, call);
  }
}

/** Every row the attack wrote must read back from its own scope exactly as written. */
async function verifyUntouched(
  store: MemoryStore,
  ledger: CrossingLedger,
  written: ReadonlyMap<string, MemoryRecord>,
): Promise<void> {
  const tenants = new Set([...written.values()].map((record) => record.scope.tenant));
  const live = new Map<string, MemoryRecord>();
  for (const tenant of tenants) {
    for (const record of await tenantRecords(store, tenant)) live.set(record.id, record);
  }
  for (const [id, original] of written) {
    const now = live.get(id);
    const owner = ledger.ownerOf(id) ?? original.scope;
    if (!now) {
      ledger.cross({
        probe: 'read back',
        asking: scopeText(owner),
        row: id,
        why: 'the row is gone',
      });
    } else if (
      now.text !== original.text ||
      now.updatedAt.getTime() !== original.updatedAt.getTime()
    ) {
      ledger.cross({
        probe: 'read back',
        asking: scopeText(owner),
        row: id,
        why: 'the row was changed',
      });
    }
  }
}

/** `forget` of look-alike scopes: each erases its own subtree and nothing else. */
async function probeForget(
  store: MemoryStore,
  ledger: CrossingLedger,
  written: ReadonlyMap<string, MemoryRecord>,
): Promise<void> {
  const targets: MemoryScope[] = [
    { tenant: 'acme', path: ['user:10'] },
    { tenant: 'acme', path: ['user:%'] },
    { tenant: 'acme', path: ['user:_'] },
    { tenant: 'acme', path: ['user:\\'] },
    { tenant: 'acme', path: ['user:\uff11'] },
    { tenant: 'acme', path: ['a","b'] },
    { tenant: 'acme2', path: [] },
    { tenant: 'ACME', path: [] },
    { tenant: '\u0430cme', path: [] },
    { tenant: '\uff41\uff43\uff4d\uff45', path: [] },
    { tenant: 'acme%', path: [] },
    { tenant: 'acm_', path: [] },
    { tenant: 'acme\u0301', path: [] },
  ];
  const erased: MemoryScope[] = [];
  const tenants = new Set([...written.values()].map((record) => record.scope.tenant));
  for (const target of targets) {
    await store.forget(target);
    erased.push(target);
    const live = new Set<string>();
    for (const tenant of tenants) {
      for (const record of await tenantRecords(store, tenant)) live.add(record.id);
    }
    for (const id of written.keys()) {
      const owner = ledger.ownerOf(id);
      if (!owner) continue;
      ledger.attempt();
      const shouldBeGone = erased.some((scope) => isWithin(owner, scope));
      if (shouldBeGone && live.has(id)) {
        ledger.cross({
          probe: 'forget',
          asking: scopeText(target),
          row: id,
          why: 'survived the forget of its scope',
        });
      } else if (!shouldBeGone && !live.has(id)) {
        ledger.cross({
          probe: 'forget',
          asking: scopeText(target),
          row: id,
          why: `erased by the forget of ${scopeText(target)}`,
        });
      }
    }
  }
}
