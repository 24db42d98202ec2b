import {
  type ConversationSource,
  type ConversationTurn,
  type Dropped,
  InvalidMemoryInput,
  Limits,
  type MemoryScope,
  MemoryUnavailable,
  rendersBlank,
  toScope,
} from '@symfonic/core';
import { speakerKey, speakerName } from '../render/speaker-name.js';

/** Options of {@link WorkingWindow}. */
export interface WorkingWindowOptions {
  /** Where the turns are read from. */
  readonly source: ConversationSource;
  /** How many of the last turns to read, 0 to {@link Limits.queryLimit}; 0 reads nothing. */
  readonly recentTurns: number;
  /**
   * Speakers whose turns are left out (e.g. the assistant, so the model does
   * not re-prime on its own answers). Speakers are compared as they render
   * ({@link speakerKey}: compatibility-normalised, without invisible
   * characters, without regard to case): `'assistant\u200b'`,
   * `' Assistant\n'` and `'assistant'` are one speaker.
   * A turn with no speaker is never excluded.
   */
  readonly excludeSpeakers?: Iterable<string>;
}

/** The conversation window as it will render, and what it left out. */
export interface WorkingContext {
  /** The kept turns, oldest first. */
  readonly turns: readonly ConversationTurn[];
  /** Every turn read and left out, by turn id, with its reason. */
  readonly dropped: readonly Dropped[];
  /** True when the conversation log could not be read: the window is empty, not failed. */
  readonly degraded: boolean;
  /** Why it degraded (the store's `MemoryUnavailable`); absent when it did not. */
  readonly failure?: MemoryUnavailable;
}

/** An empty window that read nothing. */
const nothingRead: WorkingContext = { turns: [], dropped: [], degraded: false };

/**
 * Reads the window at a scope already validated, or one a store built by
 * `defineStore` validates in its `recent` (see {@link workingWindowReader}).
 */
export type WindowReader = (asking: MemoryScope) => Promise<WorkingContext>;

/**
 * The reading of {@link WorkingWindow} for a scope its caller has already
 * validated with `toScope`, or that the store's `recent` validates (a store
 * built by `defineStore`), so a hydration parses its scope once.
 *
 * @throws InvalidMemoryInput when `recentTurns` is not an integer from 0 to
 * {@link Limits.queryLimit}.
 */
export function workingWindowReader(options: WorkingWindowOptions): WindowReader {
  const { recentTurns, source } = options;
  if (!Number.isInteger(recentTurns) || recentTurns < 0 || recentTurns > Limits.queryLimit) {
    throw new InvalidMemoryInput(
      `invalid working window: recentTurns must be an integer from 0 to ${Limits.queryLimit}`,
    );
  }
  const excludeSpeakers: ReadonlySet<string> = new Set(
    [...(options.excludeSpeakers ?? [])].map(speakerKey),
  );
  return async (asking) => {
    if (recentTurns === 0) return nothingRead;
    let recent: readonly ConversationTurn[];
    try {
      recent = await source.recent(asking, recentTurns);
    } catch (error) {
      if (MemoryUnavailable.isInstance(error)) {
        return { turns: [], dropped: [], degraded: true, failure: error };
      }
      throw error;
    }
    const turns: ConversationTurn[] = [];
    const dropped: Dropped[] = [];
    // A source that answers more than it was asked for keeps its newest turns.
    for (const turn of recent.slice(-recentTurns)) {
      const speaker = speakerName(turn.speaker);
      if (rendersBlank(turn.text)) {
        // An empty row renders as a bare "[working]" line: a turn in which nobody said anything.
        dropped.push({ id: turn.turnId, reason: 'the turn carries no text' });
      } else if (speaker.length > 0 && excludeSpeakers.has(speakerKey(speaker))) {
        dropped.push({ id: turn.turnId, reason: `speaker ${JSON.stringify(speaker)} is excluded` });
      } else {
        turns.push(turn);
      }
    }
    return { turns, dropped, degraded: false };
  };
}

/**
 * The last few turns of a conversation, recency-anchored and ungated.
 *
 * The previous turns matter because they are recent, not because they
 * resemble the cue: a similarity or salience gate here would lose the
 * sentence the user just typed the moment they change the subject. So the
 * window never ranks; it drops only what would corrupt the block rather than
 * fill it: an empty turn and a turn by an excluded speaker.
 */
export class WorkingWindow {
  readonly #read: WindowReader;

  /**
   * @throws InvalidMemoryInput when `recentTurns` is not an integer from 0 to
   * {@link Limits.queryLimit}.
   */
  constructor(options: WorkingWindowOptions) {
    this.#read = workingWindowReader(options);
  }

  /**
   * Read the window at exactly `scope`: the last `recentTurns` turns, oldest
   * first, less the ones whose text renders blank and the excluded speakers'
   * (each in `dropped` with its reason). With `recentTurns` 0 the source is not asked.
   *
   * @returns a degraded, empty window when the source throws `MemoryUnavailable`.
   * @throws InvalidMemoryInput when `scope` is malformed.
   * @throws whatever else the source throws (a bug is not a degradation).
   */
  async read(scope: MemoryScope): Promise<WorkingContext> {
    return this.#read(toScope(scope));
  }
}
