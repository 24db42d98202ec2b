import { type FixtureCall, memoryCall } from './fixture-reply.js';

/**
 * Three memory tool calls whose results differ, for the tests of each family's `toolResult`
 * shape: one half refused (an add, a delete of an unknown ref), one whose every op is refused
 * (an update of an unknown ref), one refused whole (its input has no `ops` list). Read with no
 * refs, `toolResult` answers them with {@link toolResultTexts}.
 */
export const toolResultCalls: readonly [FixtureCall, FixtureCall, FixtureCall] = [
  memoryCall('call_1', {
    ops: [
      { op: 'add', text: 'The user likes tea' },
      { op: 'delete', ref: '#7' },
    ],
  }),
  memoryCall('call_2', { ops: [{ op: 'update', ref: '#1', text: 'The user likes coffee' }] }),
  memoryCall('call_3', { opps: [] }),
];

/** The text of the result of each of {@link toolResultCalls}, in order. */
export const toolResultTexts: readonly [string, string, string] = [
  'memory_ops: 1 of 2 ops applied.\nop 0 (add): applied\nop 1: refused, unknown-ref: the ref names no memory of the block this reply was written from',
  'memory_ops: 0 of 1 ops applied.\nop 0: refused, unknown-ref: the ref names no memory of the block this reply was written from',
  'memory_ops: the input was refused: the input is not {"ops": [...]} at "ops": Invalid input: expected array, received undefined. No op was applied.',
];
