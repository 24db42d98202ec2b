import { createInMemoryStore } from '@symfonic/store-memory';
import { leakingStore } from '../leaking-store.js';
import { seedStore } from '../seed-store.js';
import type {
  OpenSurface,
  SurfaceHarness,
  SurfaceOpResult,
  SurfaceRequest,
} from '../surface-harness.js';
import { memoryCall } from './fixture-reply.js';
import { stringLeaves } from './string-leaves.js';
import type { ToolReplyBlock, ToolReplyMemoryKit } from './tool-reply-memory.js';
import type { ToolReplyShape } from './tool-reply-shape.js';

/** Every string inside `value`, however deep, each text split into its lines. */
function stringLines(value: unknown): string[] {
  return stringLeaves(value).flatMap((text) => text.split('\n'));
}

/**
 * A surface-contract harness for the memory tool channel of one provider reply shape, over the
 * in-memory store: a read is the block a model is shown (with the tool's instructions and
 * description); a write is a reply in `shape` calling `memory_ops` with the ops, read by
 * `remember` with the block's refs, and answered with `toolResult` in the shape's family, which
 * is what the model reads next. Run it with `describeSurfaceContract(toolChannelHarness(shape, kit))`.
 */
export function toolChannelHarness(shape: ToolReplyShape, kit: ToolReplyMemoryKit): SurfaceHarness {
  return {
    name: `tool channel: ${shape.name}`,
    capabilities: { ancestorWritesOptIn: true, concurrentRequests: true, opsInAnswerText: false },
    async open(context): Promise<OpenSurface> {
      const base = createInMemoryStore();
      await seedStore(base, context.seed, context.leak);
      const memory = kit.createMemory({
        store: context.leak ? leakingStore(base, context.leak.scope) : base,
        recall: { limit: context.recallLimit },
        working: { recentTurns: 0 },
        ...(context.writes ? { writes: context.writes } : {}),
      });
      let calls = 0;
      const request = (): SurfaceRequest => {
        const seen: string[] = [];
        let block: ToolReplyBlock | undefined;
        return {
          async read(cue) {
            block = await memory.hydrate(context.owner, cue);
            const texts = [
              ...memory.instructions({ channel: 'tool-call' }).split('\n'),
              ...kit.memoryToolDescription.split('\n'),
              ...block.text.split('\n'),
            ];
            seen.push(...texts);
            const refs = Object.fromEntries(
              block.recalled.map(({ ref, record }) => [ref, kit.shownText(record.text)]),
            );
            return { texts, refs };
          },
          async write(ops) {
            calls += 1;
            const reply = await shape.reply({ calls: [memoryCall(`call_${calls}`, { ops })] });
            const outcome = await memory.remember(context.owner, reply, {
              provenance: { writer: 'surface-contract' },
              refs: block?.refs ?? {},
            });
            const texts = kit.toolResult(outcome, shape.family).flatMap(stringLines);
            seen.push(...texts);
            const results = ops.map((_op, index): SurfaceOpResult => {
              if (outcome.applied.some((applied) => applied.index === index)) {
                return { status: 'applied' };
              }
              const refused = outcome.rejected.find((rejected) => rejected.index === index);
              return { status: 'refused', code: refused?.code ?? 'not-reported' };
            });
            return { results, texts };
          },
          seen: () => seen,
          async end() {},
        };
      };
      return {
        request,
        stored: async (scope) => (await base.list(scope, { limit: 100 })).records,
        close: () => base.close(),
      };
    },
  };
}
