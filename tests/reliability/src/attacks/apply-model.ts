import {
  type ApplyResult,
  type MemoryRecord,
  type MemoryScope,
  normalizeMemoryText,
  RejectionCode,
  validateMemoryOp,
} from '@symfonic/core';
import { expect } from 'vitest';
import { unstorableTexts } from './op-plans.js';

/** A live memory as the model holds it. */
interface ModelMemory {
  readonly key: string;
  readonly layer: string;
  readonly text: string;
}

/** What the store did with one op. */
interface OpOutcome {
  readonly applied: boolean;
  readonly record?: MemoryRecord;
  readonly code?: string;
  readonly existingId?: string;
}

function holdsUnstorable(value: unknown): boolean {
  const text = JSON.stringify(value) ?? '';
  return unstorableTexts.some((unstorable) =>
    text.includes(JSON.stringify(unstorable).slice(1, -1)),
  );
}

/**
 * The reference model of `MemoryWriter.apply` on one scope: core's op
 * validation, then the ops in order, each seeing the earlier ones
 * (duplicates by normalised text within the scope and layer, `unknown-id`
 * for any id not live in the scope). A text PostgreSQL cannot keep may be
 * refused as `invalid-op` or kept, as the store decides.
 */
export class ApplyModel {
  readonly #scope: MemoryScope;
  readonly #live = new Map<string, ModelMemory>();
  readonly #dead: string[] = [];

  constructor(scope: MemoryScope) {
    this.#scope = scope;
  }

  /** The ids an update or delete may name: live, deleted, then `extra` (foreign, never issued). */
  ids(extra: readonly string[]): string[] {
    return [...this.#live.keys(), ...this.#dead, ...extra];
  }

  /** `id|text` of every live memory, sorted, to compare with what the store lists. */
  liveTexts(): string[] {
    return [...this.#live].map(([id, memory]) => `${id}|${memory.text}`).sort();
  }

  /**
   * Assert that `result` answers every op of `inputs` exactly once and as
   * the model decides, then advance the model by what was applied.
   */
  check(inputs: readonly unknown[], result: ApplyResult): void {
    const outcomes = new Map<number, OpOutcome>();
    for (const { index, record } of result.applied) {
      expect(outcomes.has(index)).toBe(false);
      outcomes.set(index, { applied: true, record });
    }
    for (const { index, code, existingId } of result.rejected) {
      expect(outcomes.has(index)).toBe(false);
      outcomes.set(index, { applied: false, code, ...(existingId ? { existingId } : {}) });
    }
    expect([...outcomes.keys()].sort((left, right) => left - right)).toEqual(
      inputs.map((_, index) => index),
    );
    for (const [index, input] of inputs.entries()) {
      this.#checkOne(index, input, outcomes.get(index) ?? { applied: false });
    }
  }

  #checkOne(index: number, input: unknown, outcome: OpOutcome): void {
    const where = `op ${index}`;
    const validation = validateMemoryOp(input);
    if (!validation.ok) {
      expect(outcome.code, where).toBe(validation.code);
      return;
    }
    if (outcome.code === RejectionCode.invalidOp && holdsUnstorable(input)) return;
    const op = validation.op;
    const duplicateOf = (key: string, self?: string) =>
      [...this.#live].find(([id, memory]) => id !== self && memory.key === key)?.[0];
    if (op.op === 'add') {
      const key = `${op.layer}|${normalizeMemoryText(op.text)}`;
      const holder = duplicateOf(key);
      if (holder) {
        expect(outcome, where).toMatchObject({ code: RejectionCode.duplicate, existingId: holder });
        return;
      }
      const record = outcome.record as MemoryRecord;
      expect(record, where).toMatchObject({
        scope: this.#scope,
        layer: op.layer,
        text: op.text,
        salience: op.salience,
      });
      if (op.metadata)
        expect(record.metadata, where).toEqual(JSON.parse(JSON.stringify(op.metadata)));
      this.#live.set(record.id, { key, layer: op.layer, text: op.text });
      return;
    }
    const current = this.#live.get(op.id);
    if (!current) {
      expect(outcome.code, where).toBe(RejectionCode.unknownId);
      return;
    }
    if (op.op === 'delete') {
      expect(outcome.record?.id, where).toBe(op.id);
      this.#live.delete(op.id);
      this.#dead.push(op.id);
      return;
    }
    const key = `${current.layer}|${normalizeMemoryText(op.text)}`;
    const holder = duplicateOf(key, op.id);
    if (holder) {
      expect(outcome, where).toMatchObject({ code: RejectionCode.duplicate, existingId: holder });
      return;
    }
    expect(outcome.record, where).toMatchObject({ id: op.id, text: op.text });
    this.#live.set(op.id, { key, layer: current.layer, text: op.text });
  }
}
