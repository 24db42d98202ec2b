import type { MemoryBlock, RememberOutcome } from '@symfonic/memory';
import type { TurnRecord } from './demo-agent.js';
import { type Output, style } from './output.js';

/** Print the hydrated block: each line, then which memory each ref stands for. */
export function printBlock(output: Output, block: MemoryBlock): void {
  const lines = block.text === '' ? [] : block.text.split('\n');
  output.detail(
    'memory',
    lines.length === 0 ? style.dim('(empty block)') : `${lines.length} line(s)`,
  );
  for (const line of lines) output.indented(style.dim(line), 2);
  const refs = Object.entries(block.refs);
  if (refs.length > 0) {
    output.detail('refs', refs.map(([ref, id]) => `${ref} → ${id}`).join(', '));
  }
  for (const dropped of block.dropped) output.detail('dropped', `${dropped.id}: ${dropped.reason}`);
  for (const condition of block.degraded.conditions) {
    output.detail('degraded', style.warn(`${condition.code}: ${condition.detail}`));
  }
}

/** Print what `remember` wrote, refused and skipped. */
export function printOutcome(output: Output, outcome: RememberOutcome): void {
  if (outcome.unreadable) {
    output.detail(
      'remembered',
      style.warn(`nothing (${outcome.unreadable.code}: ${outcome.unreadable.reason})`),
    );
  }
  for (const applied of outcome.applied) {
    const via = applied.ref ? ` via ${applied.ref}` : '';
    output.detail(
      'remembered',
      style.ok(
        `${applied.op}${via} [${applied.record.layer}] "${applied.record.text}" (${applied.record.id})`,
      ),
    );
  }
  for (const rejected of outcome.rejected) {
    output.detail(
      'rejected',
      style.warn(`op ${rejected.index} ${rejected.code}: ${rejected.reason}`),
    );
  }
  if (outcome.ignored.length > 0) {
    output.detail(
      'not read',
      `${outcome.ignored.join(', ')} (the reader skipped these ${outcome.family} parts)`,
    );
  }
}

/** Print what memory reported beyond the block and the outcome: what weakened it, what was withheld. */
export function printMemoryReport(output: Output, record: TurnRecord): void {
  const blockConditions = new Set(record.block.degraded.conditions);
  for (const condition of record.report.degraded) {
    if (blockConditions.has(condition)) continue;
    output.detail('degraded', style.warn(`${condition.code}: ${condition.detail}`));
  }
  if (record.outcome) printOutcome(output, record.outcome);
}

/**
 * Print one whole turn: the message, the block, the answer (unless it was
 * already printed as it streamed) and what memory did with the reply.
 */
export function printTurn(
  output: Output,
  record: TurnRecord,
  options: { readonly answerPrinted?: boolean } = {},
): void {
  if (!options.answerPrinted) {
    output.line();
    output.detail('you', style.strong(record.message));
  }
  printBlock(output, record.block);
  if (!options.answerPrinted) {
    const family = record.outcome ? ` ${style.dim(`(${record.outcome.family} reply)`)}` : '';
    output.detail('model', `${record.answer}${family}`);
  }
  printMemoryReport(output, record);
}
