import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildReply,
  callIdArbitrary,
  replyRecipeArbitrary,
} from './__fixtures__/reply-arbitrary.js';
import { replayedReply } from './replayed-reply.js';
import { toolObservations } from './tool-observations.js';
import type { ToolOutcome } from './tool-outcome.js';

const outcomeBody = fc.record(
  {
    result: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
    error: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
  },
  { requiredKeys: [] },
);

describe('toolObservations properties', () => {
  it("names every observation after its call, and no other: after a remap, by the caller's ids", () => {
    fc.assert(
      fc.property(
        replyRecipeArbitrary.chain((recipe) =>
          fc.tuple(
            fc.constant(recipe),
            fc.uniqueArray(callIdArbitrary('new_'), {
              minLength: recipe.calls.length,
              maxLength: recipe.calls.length,
            }),
            fc.array(
              fc.tuple(fc.oneof(fc.nat({ max: 5 }), callIdArbitrary('stray_')), outcomeBody),
              { maxLength: 8 },
            ),
          ),
        ),
        ([recipe, newIds, rawOutcomes]) => {
          const replayed = replayedReply(buildReply(recipe), newIds);
          const outcomes: ToolOutcome[] = rawOutcomes.map(([target, body]) => ({
            id: typeof target === 'number' ? (newIds[target] ?? `stray_${target}`) : target,
            ...body,
          }));

          const observations = toolObservations(replayed, outcomes);

          expect(observations).toHaveLength(outcomes.length);
          observations.forEach((observation, index) => {
            const outcome = outcomes[index] as ToolOutcome;
            const position = newIds.indexOf(outcome.id);
            expect(observation.tool_call_id).toBe(outcome.id);
            expect(observation.name).toBe(
              position === -1 ? undefined : recipe.calls[position]?.name,
            );
            const failed = outcome.error !== undefined;
            expect(observation.status).toBe(failed ? 'error' : 'success');
            expect(observation.content).toBe(failed ? outcome.error : (outcome.result ?? ''));
          });
        },
      ),
    );
  });
});
