import { type ConversationCast, he, she } from './cast.js';
import type { SplitStructures } from './conversation-structure.js';
import { developmentStructures } from './development-structures.js';
import { heldOutStructures } from './held-out-structures.js';
import { secondHeldOutStructures } from './second-held-out-structures.js';

/**
 * The splits of the conversation-structures data set: `development`, which
 * ranking work may be tuned on; `held-out`, read to choose the hybrid fusion
 * of 2026-12-01 and tuned on since, like `development`; and `held-out-2`,
 * which ranking work is never tuned on.
 */
export type StructuresSplit = 'development' | 'held-out' | 'held-out-2';

/** The splits, in the order they are reported. */
export const structuresSplitNames: readonly StructuresSplit[] = [
  'development',
  'held-out',
  'held-out-2',
];

/** What one split is generated from: its own name, seed, people and structures. */
export interface StructuresSplitDefinition {
  /** The name the split's data set carries. */
  readonly name: string;
  /** The seed its file was generated with. */
  readonly seed: number;
  /** Its conversations: nobody of one split talks in the other. */
  readonly cast: readonly ConversationCast[];
  readonly structures: SplitStructures;
}

/** Each split's definition. */
export const structuresSplits: Readonly<Record<StructuresSplit, StructuresSplitDefinition>> = {
  development: {
    name: 'symfonic-structures-development',
    seed: 20_261_201,
    cast: [
      { id: 'development-1', speakers: [she('Maria'), he('Oskar')], start: '2023-03-05' },
      { id: 'development-2', speakers: [he('Rahul'), she('Ingrid')], start: '2022-10-16' },
      { id: 'development-3', speakers: [she('Chloe'), he('Mateo')], start: '2023-06-11' },
      { id: 'development-4', speakers: [he('Felix'), she('Amara')], start: '2023-01-22' },
    ],
    structures: developmentStructures,
  },
  'held-out': {
    name: 'symfonic-structures-held-out',
    seed: 20_261_202,
    cast: [
      { id: 'held-out-1', speakers: [she('Hannah'), he('Yusuf')], start: '2023-02-19' },
      { id: 'held-out-2', speakers: [he('Lukas'), she('Mei')], start: '2022-08-28' },
      { id: 'held-out-3', speakers: [she('Nadia'), he('Callum')], start: '2023-05-07' },
      { id: 'held-out-4', speakers: [he('Arjun'), she('Freya')], start: '2022-12-04' },
    ],
    structures: heldOutStructures,
  },
  'held-out-2': {
    name: 'symfonic-structures-held-out-2',
    seed: 20_261_203,
    cast: [
      { id: 'held-out-2-1', speakers: [he('Dariusz'), she('Aisha')], start: '2022-11-13' },
      { id: 'held-out-2-2', speakers: [she('Lucia'), he('Emeka')], start: '2023-04-02' },
      { id: 'held-out-2-3', speakers: [he('Elliot'), she('Saoirse')], start: '2022-09-18' },
      { id: 'held-out-2-4', speakers: [she('Noor'), he('Bastian')], start: '2023-01-08' },
    ],
    structures: secondHeldOutStructures,
  },
};
