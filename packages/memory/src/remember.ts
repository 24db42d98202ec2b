import {
  type MemoryOpInput,
  type MemoryScope,
  type MemoryWriter,
  normalizeMemoryText,
  type Provenance,
  parseInput,
  provenanceSchema,
  toScope,
} from '@symfonic/core';
import { jsonPayload, readReply } from '@symfonic/provider-families';
import { z } from 'zod';
import { answerWithoutOps } from './ops-object-span.js';
import {
  type RememberedOp,
  type RememberOutcome,
  type RememberRejection,
  RememberRejectionCode,
  type UnreadableCode,
} from './remember-outcome.js';
import { translateModelOp } from './translate-model-op.js';

/** Options of `remember`. */
export interface RememberOptions {
  /** Who writes and from which turn; the reply's family is added as `replyFamily`. */
  readonly provenance: Omit<Provenance, 'replyFamily'>;
  /** The `refs` of the memory block the reply was written from; without them every ref is unknown. */
  readonly refs?: Readonly<Record<string, string>>;
}

const refsSchema = z.record(z.string(), z.string());

/**
 * Read a model reply and write the memory ops it carries at `scope`:
 * `readReply` → `jsonPayload` → each op of `ops` validated and translated
 * (refs to ids, see `translateModelOp`) → one `writer.apply` for all the
 * valid ones, with `provenance` plus the reply family. An add repeating the
 * text of an earlier add of the same reply (after core's normalisation) is
 * refused as `duplicate` before the store sees it; the store refuses
 * duplicates of stored memories, unknown and foreign ids.
 *
 * A reply no family recognises, a reply with no JSON object, or a JSON
 * object without an `ops` list writes nothing and says which in `unreadable`.
 *
 * @throws InvalidMemoryInput when `scope`, `provenance` or `refs` is malformed (before any write).
 * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
 */
export async function remember(
  writer: MemoryWriter,
  scope: MemoryScope,
  reply: unknown,
  options: RememberOptions,
): Promise<RememberOutcome> {
  const asking = toScope(scope);
  const read = readReply(reply);
  const provenance = parseInput(
    provenanceSchema,
    { ...options.provenance, replyFamily: read.family },
    'provenance',
  );
  const refs = parseInput(refsSchema, options.refs ?? {}, 'memory block refs');
  const answer = answerWithoutOps(read.text);
  const nothing = (code: UnreadableCode, reason: string): RememberOutcome => ({
    family: read.family,
    answer,
    applied: [],
    rejected: [],
    ignored: read.ignored,
    unreadable: { code, reason },
  });

  if (!read.readable) {
    return nothing('unreadable-reply', 'no provider family recognises the shape of the reply');
  }
  const payload = jsonPayload(read.text);
  if (payload === null) {
    const skipped = read.ignored.length > 0 ? ` (skipped: ${read.ignored.join(', ')})` : '';
    return nothing(
      'no-json-object',
      read.text.length === 0
        ? `the reply has no answer text${skipped}`
        : `the answer text holds no JSON object${skipped}`,
    );
  }
  const ops = payload.ops;
  if (!Array.isArray(ops)) {
    return nothing('no-ops', 'the JSON object of the reply has no "ops" list');
  }

  const rejected: RememberRejection[] = [];
  const pending: { index: number; op: MemoryOpInput; ref?: string }[] = [];
  const addedBy = new Map<string, number>();
  ops.forEach((input: unknown, index) => {
    const translation = translateModelOp(input, refs);
    if (!translation.ok) {
      rejected.push({ index, code: translation.code, reason: translation.reason });
      return;
    }
    const { op } = translation;
    if (op.op === 'add') {
      const key = `${op.layer}\u0000${normalizeMemoryText(op.text)}`;
      const earlier = addedBy.get(key);
      if (earlier !== undefined) {
        rejected.push({
          index,
          code: RememberRejectionCode.duplicate,
          reason: `op ${earlier} of this reply adds the same text`,
        });
        return;
      }
      addedBy.set(key, index);
    }
    pending.push(
      translation.ref === undefined ? { index, op } : { index, op, ref: translation.ref },
    );
  });

  const applied: RememberedOp[] = [];
  if (pending.length > 0) {
    const result = await writer.apply(
      asking,
      pending.map(({ op }) => op),
      provenance,
    );
    const sourceOf = (storeIndex: number) => {
      const source = pending[storeIndex];
      if (!source) throw new Error(`the store answered op ${storeIndex}, which it was not given`);
      return source;
    };
    for (const done of result.applied) {
      const source = sourceOf(done.index);
      applied.push({
        index: source.index,
        op: done.op,
        record: done.record,
        ...(source.ref === undefined ? {} : { ref: source.ref }),
      });
    }
    for (const refused of result.rejected) {
      const source = sourceOf(refused.index);
      rejected.push({
        index: source.index,
        code: refused.code,
        reason: refused.reason,
        ...(refused.existingId === undefined ? {} : { existingId: refused.existingId }),
      });
    }
  }
  rejected.sort((left, right) => left.index - right.index);
  return { family: read.family, answer, applied, rejected, ignored: read.ignored };
}
