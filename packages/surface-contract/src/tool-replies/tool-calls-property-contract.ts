import { readReply } from '@symfonic/provider-families';
import { createInMemoryStore } from '@symfonic/store-memory';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryCall, opsJson } from './fixture-reply.js';
import type { ToolReplyHarness } from './tool-reply-harness.js';
import type { ToolReplyOutcome } from './tool-reply-memory.js';

/** Ops a model might write: valid ones, invented refs, ids, bad fields, and arbitrary JSON. */
const anyOp = fc.oneof(
  fc.record(
    {
      op: fc.constant('add'),
      layer: fc.constantFrom('semantic', 'episodic', 'working'),
      text: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(' ')),
      salience: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(2)),
    },
    { requiredKeys: ['op', 'text'] },
  ),
  fc.record(
    {
      op: fc.constant('update'),
      ref: fc.constantFrom('#1', '#2', '#9'),
      text: fc.string({ maxLength: 40 }),
      salience: fc.double({ min: 0, max: 1, noNaN: true }),
    },
    { requiredKeys: ['op', 'ref'] },
  ),
  fc.record({ op: fc.constant('delete'), ref: fc.constantFrom('#1', '#2', '#9') }),
  fc.record({ op: fc.constant('delete'), id: fc.constant('memory-one') }),
  fc.jsonValue({ maxDepth: 2 }),
);

const opLists = fc.array(anyOp, { maxLength: 8 });

/**
 * What an outcome did, whatever the channel: each op's position, fate and written record, with
 * the ids of the seeded memories (random per store) written as the refs that named them.
 */
function decisions(outcome: ToolReplyOutcome, blockRefs: Record<string, string>): unknown[] {
  const asRefs = (reason: string) =>
    Object.entries(blockRefs).reduce((text, [ref, id]) => text.replaceAll(id, ref), reason);
  return [
    ...outcome.applied.map(({ position, op, ref, record }) => ({
      position,
      op,
      ref,
      text: record.text,
      layer: record.layer,
      salience: record.salience,
    })),
    ...outcome.rejected.map(({ position, code, reason }) => ({
      position,
      code,
      reason: asRefs(reason),
    })),
  ].sort(
    (left, right) =>
      (left as { position: number }).position - (right as { position: number }).position,
  );
}

/**
 * Any op list a model might write, through each shape's memory tool call: the reader hands back
 * the input as written, and `remember` applies and refuses exactly what it does when the same
 * ops come in the answer text.
 */
export function toolCallsPropertyContract({ shapes, memory: kit }: ToolReplyHarness): void {
  describe.each(shapes)('any op list through $name tool calls', (shape) => {
    it('round-trips: the reader hands back the input the model wrote', async () => {
      await fc.assert(
        fc.asyncProperty(opLists, async (ops) => {
          const input = JSON.parse(JSON.stringify({ ops }));
          const read = readReply(await shape.reply({ calls: [memoryCall('call_1', input)] }));
          const [call] = read.toolCalls;
          expect(call).toMatchObject({ id: 'call_1', name: 'memory_ops', parsed: true });
          expect(call?.parsed && call.input).toEqual(input);
        }),
        { numRuns: 40 },
      );
    });

    it('remember applies the same ops, with the same refusals, as through the answer text', async () => {
      await fc.assert(
        fc.asyncProperty(opLists, async (ops) => {
          const scope = { tenant: 'acme', path: ['user:1'] };
          const seed = (store: ReturnType<typeof createInMemoryStore>) =>
            store.apply(
              scope,
              [
                { op: 'add', text: 'First seeded memory' },
                { op: 'add', text: 'Second seeded memory' },
              ],
              { writer: 'seed' },
            );
          const run = async (reply: unknown) => {
            const store = createInMemoryStore();
            const seeded = await seed(store);
            const blockRefs = {
              '#1': seeded.applied[0]?.record.id as string,
              '#2': seeded.applied[1]?.record.id as string,
            };
            const memory = kit.createMemory({ store });
            const outcome = await memory.remember(scope, reply, {
              provenance: { writer: 'agent' },
              refs: blockRefs,
            });
            await store.close();
            return decisions(outcome, blockRefs);
          };
          const input = JSON.parse(JSON.stringify({ ops }));
          const throughText = await run(opsJson(input.ops));
          const throughTool = await run(
            await shape.reply({ calls: [memoryCall('call_1', input)] }),
          );
          expect(throughTool).toEqual(throughText);
          expect(throughTool).toHaveLength(ops.length);
        }),
        { numRuns: 25 },
      );
    });
  });
}
