import { AIMessage } from '@langchain/core/messages';
import { InvalidMemoryInput } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, snapshot } from './__fixtures__/deep-freeze.js';
import {
  buildReply,
  callIdArbitrary,
  carriedCallIds,
  replyRecipeArbitrary,
} from './__fixtures__/reply-arbitrary.js';
import { replyFields } from './__fixtures__/reply-fields.js';
import { replayedReply } from './replayed-reply.js';

/** New ids for a reply's calls: the right count, distinct, never one of the old ids. */
const newIdsFor = (count: number) =>
  fc.uniqueArray(callIdArbitrary('new_'), { minLength: count, maxLength: count });

describe('replayedReply properties', () => {
  it('never mutates its input, whether it remaps, converts or refuses', () => {
    fc.assert(
      fc.property(
        replyRecipeArbitrary,
        fc.option(fc.uniqueArray(callIdArbitrary('any_'), { maxLength: 6 }), { nil: undefined }),
        (recipe, callIds) => {
          const reply = deepFreeze(buildReply(recipe));
          const ids = callIds === undefined ? undefined : deepFreeze(callIds);
          const before = snapshot([reply, ids]);
          try {
            replayedReply(reply, ids);
          } catch (error) {
            if (!InvalidMemoryInput.isInstance(error)) throw error;
            expect(ids?.length).not.toBe(recipe.calls.length);
          }
          expect(snapshot([reply, ids])).toBe(before);
        },
      ),
    );
  });

  it('returns the same message when nothing changes, and an equal AIMessage for a chunk', () => {
    fc.assert(
      fc.property(replyRecipeArbitrary, fc.boolean(), (recipe, passIds) => {
        const reply = buildReply(recipe);
        const callIds = passIds ? recipe.calls.map((call) => call.id) : undefined;
        const replayed = replayedReply(reply, callIds);
        if (recipe.chunk) {
          expect(replayed).not.toBe(reply);
          expect(replayed).toBeInstanceOf(AIMessage);
          expect(replyFields(replayed)).toEqual(replyFields(reply));
        } else {
          expect(replayed).toBe(reply);
        }
      }),
    );
  });

  it('carries the new ids everywhere the reply carried the old ones, by position', () => {
    fc.assert(
      fc.property(
        replyRecipeArbitrary.chain((recipe) =>
          fc.tuple(fc.constant(recipe), newIdsFor(recipe.calls.length)),
        ),
        ([recipe, newIds]) => {
          const reply = buildReply(recipe);
          const replayed = replayedReply(reply, newIds);
          const before = carriedCallIds(reply);
          const after = carriedCallIds(replayed);
          const oldIds = recipe.calls.map((call) => call.id);
          for (const place of Object.keys(before)) {
            const expected = (before[place] ?? []).map(
              (id) => newIds[oldIds.indexOf(id as string)],
            );
            expect(after[place]).toEqual(expected);
          }
          expect(replayed?.tool_calls?.map((call) => call.name)).toEqual(
            recipe.calls.map((call) => call.name),
          );
        },
      ),
    );
  });

  it('changes nothing but the ids: remapping back restores every field', () => {
    fc.assert(
      fc.property(
        replyRecipeArbitrary.chain((recipe) =>
          fc.tuple(fc.constant(recipe), newIdsFor(recipe.calls.length)),
        ),
        ([recipe, newIds]) => {
          const reply = buildReply(recipe);
          const there = replayedReply(reply, newIds);
          const back = replayedReply(
            there,
            recipe.calls.map((call) => call.id),
          );
          expect(replyFields(back)).toEqual(replyFields(reply));
        },
      ),
    );
  });

  it('refuses every count mismatch, never remapping part of the reply', () => {
    fc.assert(
      fc.property(
        replyRecipeArbitrary,
        fc.uniqueArray(callIdArbitrary('new_'), { maxLength: 7 }),
        (recipe, callIds) => {
          fc.pre(callIds.length !== recipe.calls.length);
          const reply = buildReply(recipe);
          expect(() => replayedReply(reply, callIds)).toThrow(InvalidMemoryInput);
        },
      ),
    );
  });
});
