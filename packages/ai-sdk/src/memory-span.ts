import { dropKind, type MemoryTelemetry, recordMemorySpan } from '@symfonic/memory';
import type { MemoryReport } from './memory-report.js';

type Attributes = Record<string, string | number | boolean | string[]>;

/** What a `symfonic.middleware` span records of one model call's report: never text or scope ids. */
export function middlewareAttributes(report: MemoryReport): Attributes {
  const attributes: Attributes = {
    'symfonic.step': report.step,
    'symfonic.finish': report.finish,
    'symfonic.degraded': report.degraded.map((degradation) => degradation.code),
    'symfonic.withheld': report.withheld.length,
    'symfonic.truncated': report.truncated,
    'symfonic.middleware_ms': report.timings.middleware,
  };
  const { hydrate, remember, record } = report.timings;
  if (hydrate !== undefined) attributes['symfonic.hydrate_ms'] = hydrate;
  if (remember !== undefined) attributes['symfonic.remember_ms'] = remember;
  if (record !== undefined) attributes['symfonic.record_ms'] = record;
  if (report.block) {
    attributes['symfonic.recalled'] = report.block.recalled.length;
    attributes['symfonic.dropped'] = report.block.dropped.length;
    for (const row of report.block.dropped) {
      const name = `symfonic.dropped.${dropKind(row.reason)}`;
      attributes[name] = ((attributes[name] as number | undefined) ?? 0) + 1;
    }
  }
  if (report.outcome) {
    attributes['symfonic.applied'] = report.outcome.applied.length;
    attributes['symfonic.rejected'] = report.outcome.rejected.length;
    for (const rejection of report.outcome.rejected) {
      const name = `symfonic.rejected.${rejection.code}`;
      attributes[name] = ((attributes[name] as number | undefined) ?? 0) + 1;
    }
  }
  return attributes;
}

/**
 * Record the `symfonic.middleware` span of one model call when its report is
 * ready, spanning the memory work of the call (hydrate, remember, record and
 * the middleware's own time): the step, how it finished, what degraded, the
 * counts and each part's duration (`symfonic.hydrate_ms`, …); the answer
 * only with `recordOutputs`. A no-op until the app installs a tracer provider.
 */
export function emitMiddlewareSpan(
  telemetry: MemoryTelemetry | undefined,
  report: MemoryReport,
): void {
  const { hydrate = 0, remember = 0, record = 0, middleware } = report.timings;
  recordMemorySpan(
    telemetry,
    'symfonic.middleware',
    {
      ...middlewareAttributes(report),
      ...(telemetry?.recordOutputs === true && report.answer !== undefined
        ? { 'symfonic.answer': report.answer }
        : {}),
    },
    hydrate + remember + record + middleware,
  );
}
