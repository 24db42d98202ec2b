import type { Attributes } from '@opentelemetry/api';
import type { ImportOutcome } from '../import/import-conversation.js';
import type { RememberOutcome } from '../remember/remember-outcome.js';
import type { MemoryBlock } from '../render/memory-block.js';
import { dropKind } from './drop-kind.js';
import type { MemoryTelemetry } from './memory-telemetry.js';

/** `{ prefix.<key>: count }` for each key of `keys`, counted. */
function countsBy(prefix: string, keys: readonly string[]): Attributes {
  const counts: Attributes = {};
  for (const key of keys) {
    const name = `${prefix}.${key}`;
    counts[name] = ((counts[name] as number | undefined) ?? 0) + 1;
  }
  return counts;
}

/** What a `symfonic.hydrate` span records of a block: counts, drops by reason, conditions; the text only with `recordOutputs`. */
export function hydrateAttributes(block: MemoryBlock, telemetry: MemoryTelemetry): Attributes {
  return {
    'symfonic.recalled': block.recalled.length,
    'symfonic.pinned': block.recalled.filter((memory) => memory.pinned).length,
    'symfonic.working.turns': block.working.turns.length,
    'symfonic.dropped': block.dropped.length,
    ...countsBy(
      'symfonic.dropped',
      block.dropped.map((row) => dropKind(row.reason)),
    ),
    'symfonic.degraded.working': block.degraded.working,
    'symfonic.degraded.recall': block.degraded.recall,
    'symfonic.degraded.pinned': block.degraded.pinned,
    'symfonic.conditions': block.degraded.conditions.map((condition) => condition.code),
    ...(telemetry.recordOutputs === true ? { 'symfonic.block.text': block.text } : {}),
  };
}

/** What a `symfonic.remember` span records: the reply family, applied and rejected counts, rejections by code. */
export function rememberAttributes(outcome: RememberOutcome): Attributes {
  return {
    'symfonic.reply.family': outcome.family,
    'symfonic.applied': outcome.applied.length,
    'symfonic.rejected': outcome.rejected.length,
    ...countsBy(
      'symfonic.rejected',
      outcome.rejected.map((rejection) => rejection.code),
    ),
    ...(outcome.unreadable ? { 'symfonic.unreadable': outcome.unreadable.code } : {}),
  };
}

/** What a `symfonic.importConversation` span records: how many turns went each way. */
export function importAttributes(outcome: ImportOutcome): Attributes {
  return {
    'symfonic.imported': outcome.imported.length,
    'symfonic.already_imported': outcome.alreadyImported.length,
    'symfonic.merged': outcome.merged.length,
    'symfonic.refused': outcome.refused.length,
    'symfonic.context_shortened': outcome.contextShortened,
  };
}
