import { Limits, type MemoryScope, type MemoryStore, type RestoredMemory } from '@symfonic/core';

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
  /**
   * How the notes are written: `apply` (the default: a model's write path,
   * `Limits.opsPerApply` to a call) or `restore` (the restore path,
   * `Limits.restoreBatch` to a call, each note one `created` version a
   * millisecond after the previous one, so the newest note is the last, as
   * with `apply`): the same notes, written many times faster.
   */
  readonly through?: 'apply' | 'restore';
}

/**
 * Seeds the memory benchmarks' corpus: `plan.memories` notes at `plan.scope`, in applies of
 * `Limits.opsPerApply` or restores of `Limits.restoreBatch` (`plan.through`), every third one episodic and the rest semantic, saliences uniform in
 * hundredths (from the sequence seeded with 7, so every run writes the same), then eight turns
 * alternating user and assistant in `plan.conversation`.
 *
 * @throws Error when the store refuses any note.
 */
export async function seedNotes(store: MemoryStore, plan: NotesPlan): Promise<void> {
  const random = sequence(7);
  if (plan.through === 'restore') await restoreNotes(store, plan, random);
  else await applyNotes(store, plan, random);
  for (let turn = 1; turn <= 8; turn += 1) {
    await store.append(plan.conversation, {
      turnId: `t${turn}`,
      speaker: turn % 2 ? 'user' : 'assistant',
      text: `turn ${turn} about ${plan.turnTopics[turn]}`,
      turn,
    });
  }
}

/** The notes of `plan` written through `apply`. */
async function applyNotes(
  store: MemoryStore,
  plan: NotesPlan,
  random: () => number,
): Promise<void> {
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
}

/** The notes of `plan` written through `restore`, the same texts, layers and saliences as {@link applyNotes}. */
async function restoreNotes(
  store: MemoryStore,
  plan: NotesPlan,
  random: () => number,
): Promise<void> {
  const first = Date.now() - plan.memories;
  for (let start = 0; start < plan.memories; start += Limits.restoreBatch) {
    const memories: RestoredMemory[] = [];
    for (
      let index = start;
      index < Math.min(plan.memories, start + Limits.restoreBatch);
      index += 1
    ) {
      const id = `note-${index}`;
      const text = plan.note(index, random);
      memories.push({
        id,
        scope: plan.scope,
        versions: [
          {
            memoryId: id,
            version: 1,
            change: 'created',
            layer: index % 3 === 0 ? 'episodic' : 'semantic',
            text,
            salience: Math.round(random() * 100) / 100,
            provenance: { writer: 'bench' },
            at: new Date(first + index),
          },
        ],
      });
    }
    const result = await store.restore(plan.scope, { memories });
    const refused = result.memories.filter((outcome) => outcome.status !== 'imported').length;
    if (refused > 0) throw new Error(`seeding did not import ${refused} notes`);
  }
}
