import {
  InvalidMemoryInput,
  Limits,
  type MemoryOpInput,
  type MemoryScope,
  normalizeMemoryText,
  type Provenance,
  parseInput,
  provenanceSchema,
  toScope,
} from '@symfonic/core';
import { type ProviderReply, readReply } from '@symfonic/provider-families';
import { z } from 'zod';
import { readOpsObjects } from '../ops/read-ops-objects.js';
import { memoryToolName } from '../tools/memory-tool.js';
import {
  type OpSource,
  type RememberedOp,
  type RememberOutcome,
  type RememberRejection,
  RememberRejectionCode,
} from './remember-outcome.js';
import { type ReplyOp, replyOps } from './reply-ops.js';
import { translateModelOp } from './translate-model-op.js';
import { type BranchWritePorts, type WritePolicy, writeInBranch } from './write-in-branch.js';

/** Options of `remember`. */
export interface RememberOptions {
  /** Who writes and from which turn; the reply's family is added as `replyFamily`. */
  readonly provenance: Omit<Provenance, 'replyFamily'>;
  /** The `refs` of the memory block the reply was written from; without them every ref is unknown. */
  readonly refs?: Readonly<Record<string, string>>;
  /** The name of the memory tool whose calls are read, default `memory_ops` (`memoryToolName`). */
  readonly toolName?: string;
}

const refsSchema = z.record(z.string(), z.string());
const toolNameSchema = z.string().min(1).max(Limits.id);

/** What makes two ops of one reply the same change: the text of an add, the target and content of an update, the target of a delete. */
function changeKey(op: MemoryOpInput): string {
  if (op.op === 'add') return `add\u0000${op.layer}\u0000${normalizeMemoryText(op.text)}`;
  if (op.op === 'update') {
    return `update\u0000${op.id}\u0000${normalizeMemoryText(op.text)}\u0000${op.salience ?? ''}`;
  }
  return `delete\u0000${op.id}`;
}

/** `read.ignored` without the tool-call kinds that only the memory tool's calls were named by. */
function ignoredBesidesMemoryCalls(read: ProviderReply, toolName: string): readonly string[] {
  const memoryKinds = new Set<string>();
  const otherKinds = new Set<string>();
  for (const call of read.toolCalls) {
    (call.name === toolName ? memoryKinds : otherKinds).add(call.kind);
  }
  return read.ignored.filter((kind) => !memoryKinds.has(kind) || otherKinds.has(kind));
}

function sourceOf(op: ReplyOp, index: number): OpSource {
  return {
    index,
    channel: op.channel,
    position: op.position,
    ...(op.object === undefined ? {} : { object: op.object }),
    ...(op.call === undefined ? {} : { call: op.call }),
  };
}

/**
 * Read a model reply and write the memory ops it carries at `scope`, from
 * both channels: every ops object of the answer text (`readReply`, then
 * `readOpsObjects`: a JSON object with an `ops` list, by the rule the stream
 * filter withholds by) and the input of every call of the memory tool
 * (`toolName`, default `memory_ops`). All ops are read in one order (the
 * answer text's objects first, object by object, then each tool call's, call
 * by call), each validated
 * and translated on its own (refs to ids, see `translateModelOp`), and the
 * valid ones written in one `writeInBranch` with `provenance` plus the reply
 * family: an update or delete of a memory at an ancestor of `scope` is
 * refused as `ancestor-read-only` unless `policy.ancestors` is set.
 *
 * - An op making the same change as an earlier op of the reply (the same add
 *   text after core's normalisation, the same update or delete of a memory),
 *   through either channel, is refused as `duplicate` before the store sees
 *   it; the store refuses duplicates of stored memories, unknown and foreign
 *   ids.
 * - Only the first `Limits.opsPerApply` ops of the reply are judged; every op
 *   after them is refused as `too-many-ops`, never applied.
 * - A memory tool call whose input is not `{ "ops": [...] }` is refused whole
 *   (in `toolCalls`, with the reason); the other calls and the text are read.
 *   Other tools' calls are never read, and stay named in `ignored`.
 *
 * A reply no family recognises, or one with no memory tool call and no JSON
 * object with an `ops` list in its text, writes nothing and says which in
 * `unreadable`.
 *
 * @throws InvalidMemoryInput when `scope`, `options` (left out included), `provenance`, `refs` or `toolName` is malformed (before any write).
 * @throws MissingMemoryPort when an op updates or deletes and the store has no `get` (see `writeInBranch`).
 * @throws ScopeViolation when the store answered a memory outside `scope`.
 * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
 */
export async function remember(
  writer: BranchWritePorts,
  scope: MemoryScope,
  reply: unknown,
  options: RememberOptions,
  policy: WritePolicy = {},
): Promise<RememberOutcome> {
  const asking = toScope(scope);
  if (typeof options !== 'object' || options === null) {
    throw new InvalidMemoryInput(
      'invalid remember options: pass { provenance: { writer } } as the third argument (who writes, and from which turn), with the refs of the block the reply was written from',
    );
  }
  const read = readReply(reply);
  const provenance = parseInput(
    provenanceSchema,
    { ...options.provenance, replyFamily: read.family },
    'provenance',
  );
  const refs = parseInput(refsSchema, options.refs ?? {}, 'memory block refs');
  const toolName = parseInput(toolNameSchema, options.toolName ?? memoryToolName, 'tool name');
  const ignored = ignoredBesidesMemoryCalls(read, toolName);
  const outcome = { family: read.family, answer: readOpsObjects(read.text).answer, ignored };

  if (!read.readable) {
    const reason = read.oversized
      ? 'a list of the reply is longer than the reader reads'
      : 'no provider family recognises the shape of the reply';
    return {
      ...outcome,
      applied: [],
      rejected: [],
      toolCalls: [],
      unreadable: { code: 'unreadable-reply', reason },
    };
  }
  const ops = replyOps(read, toolName);
  if (!ops.ok) {
    return {
      ...outcome,
      applied: [],
      rejected: [],
      toolCalls: [],
      unreadable: { code: ops.code, reason: ops.reason },
    };
  }

  const rejected: RememberRejection[] = [];
  const pending: { source: OpSource; op: MemoryOpInput; ref?: string }[] = [];
  const changedBy = new Map<string, number>();
  ops.ops.forEach((replyOp, index) => {
    const source = sourceOf(replyOp, index);
    if (index >= Limits.opsPerApply) {
      rejected.push({
        ...source,
        code: RememberRejectionCode.tooManyOps,
        reason: `a reply carries at most ${Limits.opsPerApply} ops; this one comes after them and was not applied`,
      });
      return;
    }
    const translation = translateModelOp(replyOp.input, refs);
    if (!translation.ok) {
      rejected.push({ ...source, code: translation.code, reason: translation.reason });
      return;
    }
    const { op } = translation;
    const key = changeKey(op);
    const earlier = changedBy.get(key);
    if (earlier !== undefined) {
      rejected.push({
        ...source,
        code: RememberRejectionCode.duplicate,
        reason:
          op.op === 'add'
            ? `op ${earlier} of this reply adds the same text`
            : `op ${earlier} of this reply makes the same change`,
      });
      return;
    }
    changedBy.set(key, index);
    pending.push(
      translation.ref === undefined ? { source, op } : { source, op, ref: translation.ref },
    );
  });

  const applied: RememberedOp[] = [];
  if (pending.length > 0) {
    const result = await writeInBranch(
      writer,
      asking,
      pending.map(({ op }) => op),
      provenance,
      policy,
    );
    const pendingAt = (index: number) => {
      const entry = pending[index];
      if (!entry) throw new Error(`op ${index} was answered, and it was not given`);
      return entry;
    };
    for (const done of result.applied) {
      const entry = pendingAt(done.index);
      applied.push({
        ...entry.source,
        op: done.op,
        record: done.record,
        ...(entry.ref === undefined ? {} : { ref: entry.ref }),
      });
    }
    for (const refused of result.rejected) {
      const entry = pendingAt(refused.index);
      rejected.push({
        ...entry.source,
        code: refused.code,
        reason: refused.reason,
        ...('existingId' in refused && refused.existingId !== undefined
          ? { existingId: refused.existingId }
          : {}),
      });
    }
  }
  applied.sort((left, right) => left.index - right.index);
  rejected.sort((left, right) => left.index - right.index);
  return { ...outcome, applied, rejected, toolCalls: ops.toolCalls };
}
