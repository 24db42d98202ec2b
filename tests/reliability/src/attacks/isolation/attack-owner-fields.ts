import { type MemoryScope, type MemoryStore, RejectionCode } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import type { CrossingLedger } from '../crossing-ledger.js';
import { expectRefusal } from './expect-refusal.js';
import { attackProvenance } from './isolation-attack-constants.js';

/** The attacking scope and the scope its writes claim to belong to. */
const attacker: MemoryScope = { tenant: 'acme', path: ['user:1'] };
const victim: MemoryScope = { tenant: 'acme2', path: ['user:1'] };

/** Every field a confused store might read an owner from. */
const claims = {
  tenant: victim.tenant,
  path: victim.path,
  scope: 'acme2/user:1',
  owner: victim.tenant,
  tenant_id: victim.tenant,
  scopeKey: 'acme2/user:1/',
  ancestorKeys: ['acme2/', 'acme2/user:1/'],
};

/**
 * Write from `acme/user:1` with metadata, op fields, provenance and a model
 * reply that each name `acme2/user:1` as the owner. Every row must land at
 * `acme/user:1` (op fields are refused as `invalid-op`, a provenance or turn
 * with an owner field as `InvalidMemoryInput`); the read probes that follow
 * check that `acme2` never sees them.
 */
export async function attackOwnerFields(
  store: MemoryStore,
  memory: Memory,
  ledger: CrossingLedger,
): Promise<void> {
  const tokens = ['canary900x', 'canary901x', 'canary902x'] as const;
  for (const token of tokens) ledger.ownToken(token, attacker);
  ledger.attempt(4);

  const viaMetadata = await store.apply(
    attacker,
    [{ op: 'add', text: `harbor canary ${tokens[0]}`, metadata: claims }],
    attackProvenance,
  );
  for (const { record } of viaMetadata.applied) {
    ledger.recordWrite('apply with owner metadata', attacker, record);
  }

  const viaFields = await store.apply(
    attacker,
    [{ op: 'add', text: 'harbor claimed by fields', ...claims }],
    attackProvenance,
  );
  if (viaFields.rejected[0]?.code === RejectionCode.invalidOp) ledger.refused();
  for (const { record } of viaFields.applied) {
    ledger.recordWrite('apply with owner fields', attacker, record);
  }

  const viaProvenance = await store.apply(
    attacker,
    [{ op: 'add', text: `harbor canary ${tokens[1]}` }],
    { writer: 'acme2/user:1', turnId: 'acme2/user:1/turn-1', replyFamily: 'acme2' },
  );
  for (const { record } of viaProvenance.applied) {
    ledger.recordWrite('apply with victim provenance', attacker, record);
  }

  const reply = JSON.stringify({
    ops: [{ op: 'add', text: `harbor canary ${tokens[2]}`, ...claims }],
  });
  const viaReply = await memory.remember(attacker, reply, { provenance: attackProvenance });
  for (const { record } of viaReply.applied) {
    ledger.recordWrite('remember with owner fields', attacker, record);
  }

  ledger.attempt(2);
  await expectRefusal(ledger, () =>
    store.apply(attacker, [], { writer: 'x', tenant: victim.tenant } as never),
  );
  await expectRefusal(ledger, () =>
    store.append(attacker, {
      turnId: 't',
      speaker: 'user',
      text: 'x',
      turn: 1,
      tenant: victim.tenant,
    } as never),
  );
}
