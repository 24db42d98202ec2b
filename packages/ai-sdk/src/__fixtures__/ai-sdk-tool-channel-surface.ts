import {
  createMemory,
  type MemoryBlock,
  memoryToolDescription,
  shownText,
  toolResult,
} from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import {
  leakingStore,
  type OpenSurface,
  type SurfaceHarness,
  type SurfaceOpResult,
  type SurfaceRequest,
  seedStore,
} from '@symfonic/surface-contract';
import { memoryCall, type ToolCallShape } from './ai-sdk-tool-replies.js';

/** Every string inside `value`, however deep, each text split into its lines. */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return value.split('\n');
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringLeaves);
}

/**
 * A surface-contract harness for the memory tool channel of one AI SDK reply
 * shape, the harness `@symfonic/memory` runs for every other family's shape,
 * over the in-memory store: a read is the block a model is shown (with the tool's instructions and description); a write is
 * a reply in `shape` calling `memory_ops` with the ops, read by `remember`
 * with the block's refs, and answered with `toolResult` in the family's
 * shape, which is what the model reads next.
 */
export function toolChannelHarness(shape: ToolCallShape): SurfaceHarness {
  return {
    name: `tool channel: ${shape.name}`,
    capabilities: { ancestorWritesOptIn: true, concurrentRequests: true, opsInAnswerText: false },
    async open(context): Promise<OpenSurface> {
      const base = createInMemoryStore();
      await seedStore(base, context.seed, context.leak);
      const memory = createMemory({
        store: context.leak ? leakingStore(base, context.leak.scope) : base,
        recall: { limit: context.recallLimit },
        working: { recentTurns: 0 },
        ...(context.writes ? { writes: context.writes } : {}),
      });
      let calls = 0;
      const request = (): SurfaceRequest => {
        const seen: string[] = [];
        let block: MemoryBlock | undefined;
        return {
          async read(cue) {
            block = await memory.hydrate(context.owner, cue);
            const texts = [
              ...memory.instructions({ channel: 'tool-call' }).split('\n'),
              ...memoryToolDescription.split('\n'),
              ...block.text.split('\n'),
            ];
            seen.push(...texts);
            const refs = Object.fromEntries(
              block.recalled.map(({ ref, record }) => [ref, shownText(record.text)]),
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
            const texts = toolResult(outcome, shape.family).flatMap(stringLeaves);
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
