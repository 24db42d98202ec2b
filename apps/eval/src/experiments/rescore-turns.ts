import type { EvalConversation } from '../eval-dataset.js';
import type { TurnRanking } from './fuse-turn-rankings.js';

/** Where each turn of a conversation sits: its session's turns, its index there, its place overall. */
export interface TurnPlaces {
  readonly neighbours: ReadonlyMap<string, readonly string[]>;
  /** 0 for the first turn of the conversation, 1 for the last. */
  readonly lateness: ReadonlyMap<string, number>;
}

/**
 * The neighbours (previous and next turn of the same session) and lateness of
 * every turn of `conversation`.
 *
 * @returns the places; never throws.
 */
export function turnPlaces(conversation: EvalConversation): TurnPlaces {
  const neighbours = new Map<string, string[]>();
  const lateness = new Map<string, number>();
  const total = conversation.sessions.reduce((sum, session) => sum + session.turns.length, 0);
  let position = 0;
  for (const session of conversation.sessions) {
    session.turns.forEach((turn, index) => {
      const around = [session.turns[index - 1]?.id, session.turns[index + 1]?.id];
      neighbours.set(
        turn.id,
        around.filter((id): id is string => id !== undefined),
      );
      lateness.set(turn.id, total > 1 ? position / (total - 1) : 0);
      position += 1;
    });
  }
  return { neighbours, lateness };
}

/**
 * Session neighbours of a hit: each of the first `hits` turns lends
 * `share` of its score to the turns just before and after it in its session
 * (a turn keeps the larger of its own score and what it is lent).
 *
 * @returns the re-ordered ranking; never throws.
 */
export function withNeighbours(
  ranking: TurnRanking,
  places: TurnPlaces,
  hits: number,
  share: number,
): TurnRanking {
  const scores = new Map<string, number>();
  ranking.turnIds.forEach((turnId, index) => {
    scores.set(turnId, ranking.scores[index] ?? 0);
  });
  ranking.turnIds.slice(0, hits).forEach((turnId, index) => {
    const lent = (ranking.scores[index] ?? 0) * share;
    for (const neighbour of places.neighbours.get(turnId) ?? []) {
      if ((scores.get(neighbour) ?? 0) < lent) scores.set(neighbour, lent);
    }
  });
  return order(scores);
}

/**
 * Recency: each score multiplied by `1 + boost × lateness`, so of two equal
 * matches the later one (a correction) comes first.
 *
 * @returns the re-ordered ranking; never throws.
 */
export function withRecency(ranking: TurnRanking, places: TurnPlaces, boost: number): TurnRanking {
  const scores = new Map<string, number>();
  ranking.turnIds.forEach((turnId, index) => {
    scores.set(
      turnId,
      (ranking.scores[index] ?? 0) * (1 + boost * (places.lateness.get(turnId) ?? 0)),
    );
  });
  return order(scores);
}

function order(scores: ReadonlyMap<string, number>): TurnRanking {
  const ordered = [...scores.entries()].sort((left, right) => right[1] - left[1]);
  return {
    turnIds: ordered.map(([turnId]) => turnId),
    scores: ordered.map(([, score]) => score),
  };
}
