import type { LegacyEntry } from '../legacy-entry.js';
import type { LegacyRetrievalEngine, LegacyRetrievalRequest } from '../legacy-retrieval-engine.js';

/** How a scripted engine misbehaves. */
export interface EngineScript {
  /** Answer from the top whatever offset is asked (an engine that ignores paging). */
  readonly ignoresOffset?: boolean;
  /** Answer this many rows more than each page asked for. */
  readonly extraRows?: number;
  /** Never answer more than this many rows per page (a server-side cap). */
  readonly pageCap?: number;
  /** Throw what this returns instead of answering. */
  readonly fail?: () => unknown;
  /** Claim to embed the cue itself. */
  readonly embedsCue?: boolean;
}

/** A legacy engine over a fixed ranked list of rows that records every page asked of it. */
export interface ScriptedEngine extends LegacyRetrievalEngine<string, string, LegacyEntry> {
  /** Every request, in order. */
  readonly pages: LegacyRetrievalRequest<string, string>[];
  /** Every row answered, in order, repeats included. */
  readonly answered: LegacyEntry[];
  /** The rows of each page, in the order of `pages`. */
  readonly answers: LegacyEntry[][];
}

/** An engine answering `rows` (already ranked) page by page, as `script` says. */
export function scriptedEngine(
  rows: readonly LegacyEntry[],
  script: EngineScript = {},
): ScriptedEngine {
  const pages: LegacyRetrievalRequest<string, string>[] = [];
  const answered: LegacyEntry[] = [];
  const answers: LegacyEntry[][] = [];
  return {
    pages,
    answered,
    answers,
    ...(script.embedsCue === undefined ? {} : { embedsCue: script.embedsCue }),
    async retrieve(request) {
      pages.push(request);
      if (script.fail) throw script.fail();
      const start = script.ignoresOffset ? 0 : request.offset;
      const size = Math.min(request.limit + (script.extraRows ?? 0), script.pageCap ?? Infinity);
      const page = rows.slice(start, start + size);
      answered.push(...page);
      answers.push(page);
      return page;
    },
  };
}
