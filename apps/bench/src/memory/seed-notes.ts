import { Limits, type MemoryScope, type MemoryStore } from '@symfonic/core';

/** A deterministic pseudo-random sequence in [0, 1), so every run seeds and asks the same. */
export function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One of `items`, chosen by the next value of `random`. */
export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** What {@link seedNotes} writes. */
export interface NotesPlan {
  /** The scope the notes are written at. */
  readonly scope: MemoryScope;
  /** The conversation (under `scope`) the eight turns are appended to. */
  readonly conversation: MemoryScope;
  /** How many notes. */
  readonly memories: number;
  /** The text of note `index`, drawing from `random` (called before the note's salience is drawn). */
  readonly note: (index: number, random: () => number) => string;
  /** Turn `t` (1 to 8) is `turn t about ${turnTopics[t]}`. */
  readonly turnTopics: readonly string[];
}

/**
 * Seeds the memory benchmarks' corpus: `plan.memories` notes at `plan.scope`, in applies of
 * `Limits.opsPerApply`, every third one episodic and the rest semantic, saliences uniform in
 * hundredths (from the sequence seeded with 7, so every run writes the same), then eight turns
 * alternating user and assistant in `plan.conversation`.
 *
 * @throws Error when the store refuses any note.
 */
export async function seedNotes(store: MemoryStore, plan: NotesPlan): Promise<void> {
  const random = sequence(7);
  for (let start = 0; start < plan.memories; start += Limits.opsPerApply) {
    const ops = [];
    for (
      let index = start;
      index < Math.min(plan.memories, start + Limits.opsPerApply);
      index += 1
    ) {
      ops.push({
        op: 'add' as const,
        layer: index % 3 === 0 ? ('episodic' as const) : ('semantic' as const),
        text: plan.note(index, random),
        salience: Math.round(random() * 100) / 100,
      });
    }
    const result = await store.apply(plan.scope, ops, { writer: 'bench' });
    if (result.rejected.length > 0)
      throw new Error(`seeding refused ${result.rejected.length} ops`);
  }
  for (let turn = 1; turn <= 8; turn += 1) {
    await store.append(plan.conversation, {
      turnId: `t${turn}`,
      speaker: turn % 2 ? 'user' : 'assistant',
      text: `turn ${turn} about ${plan.turnTopics[turn]}`,
      turn,
    });
  }
}
