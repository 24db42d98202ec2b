import { type Attributes, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { MemoryTelemetry } from './memory-telemetry.js';

/** The name of the tracer memory's spans come from when no tracer is given. */
export const memoryTracerName = '@symfonic/memory';

/** What an operation adds to its span once it has its result: counts, codes, and (opted in) outputs. */
export type SpanOutcome<Result> = (result: Result) => Attributes;

/**
 * The attributes every span carries, after the AI SDK's conventions:
 * `operation.name` (`<operationId> <functionId>`), `resource.name`,
 * `symfonic.operationId`, `symfonic.telemetry.functionId`,
 * `symfonic.telemetry.metadata.<key>` and `symfonic.store.kind`.
 */
export function baseAttributes(operationId: string, telemetry: MemoryTelemetry): Attributes {
  const attributes: Attributes = {
    'operation.name':
      telemetry.functionId === undefined ? operationId : `${operationId} ${telemetry.functionId}`,
    'symfonic.operationId': operationId,
  };
  if (telemetry.functionId !== undefined) {
    attributes['resource.name'] = telemetry.functionId;
    attributes['symfonic.telemetry.functionId'] = telemetry.functionId;
  }
  if (telemetry.storeKind !== undefined) attributes['symfonic.store.kind'] = telemetry.storeKind;
  for (const [key, value] of Object.entries(telemetry.metadata ?? {})) {
    attributes[`symfonic.telemetry.metadata.${key}`] = value;
  }
  return attributes;
}

/**
 * Run `work` inside a span named `operationId` (a child of the active span,
 * e.g. the AI SDK's `ai.streamText`), with `inputs` recorded only when
 * `recordInputs` is on, the outcome's attributes and
 * `symfonic.duration_ms` set when it settles, and a failure recorded as the
 * span's exception and error status: its name and code (its message too
 * when inputs are recorded, since a scope violation names scopes). With
 * telemetry disabled, `work` runs alone.
 */
export async function traceMemoryOperation<Result>(
  telemetry: MemoryTelemetry | undefined,
  operationId: string,
  inputs: () => Attributes,
  work: () => Promise<Result>,
  outcome: SpanOutcome<Result>,
): Promise<Result> {
  const settings = telemetry ?? {};
  if (settings.isEnabled === false) return work();
  const tracer = settings.tracer ?? trace.getTracer(memoryTracerName);
  const attributes = {
    ...baseAttributes(operationId, settings),
    ...(settings.recordInputs === true ? inputs() : {}),
  };
  return tracer.startActiveSpan(operationId, { attributes }, async (span: Span) => {
    const started = performance.now();
    try {
      const result = await work();
      span.setAttributes(outcome(result));
      return result;
    } catch (error) {
      // A scope violation names scopes, and a store's failure may name a folder: the error's
      // stable code goes on the span, its message only when the app records inputs.
      const code = (error as { code?: unknown } | null)?.code;
      const message =
        settings.recordInputs === true && error instanceof Error
          ? error.message
          : typeof code === 'string'
            ? code
            : 'failed';
      span.recordException({ name: error instanceof Error ? error.name : 'Error', message });
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      throw error;
    } finally {
      span.setAttribute('symfonic.duration_ms', performance.now() - started);
      span.end();
    }
  });
}

/**
 * Record, at once, a span for an operation that already ran for
 * `durationMs` milliseconds (it starts that long ago and ends now), with
 * the base attributes and `attributes`; for an integration that learns what
 * happened from a report (the AI SDK middleware). Nothing when telemetry is
 * disabled.
 */
export function recordMemorySpan(
  telemetry: MemoryTelemetry | undefined,
  operationId: string,
  attributes: Attributes,
  durationMs: number,
): void {
  const settings = telemetry ?? {};
  if (settings.isEnabled === false) return;
  const tracer = settings.tracer ?? trace.getTracer(memoryTracerName);
  const now = Date.now();
  const span = tracer.startSpan(operationId, {
    startTime: now - durationMs,
    attributes: {
      ...baseAttributes(operationId, settings),
      ...attributes,
      'symfonic.duration_ms': durationMs,
    },
  });
  span.end(now);
}
