import type { AttributeValue, Tracer } from '@opentelemetry/api';

/**
 * How memory reports its work as OpenTelemetry spans, in the shape of the
 * AI SDK's `experimental_telemetry` settings. Spans go to the global tracer
 * provider (`@opentelemetry/api`), which records nothing until the app
 * installs one; nothing is exported by memory itself.
 */
export interface MemoryTelemetry {
  /** Emit spans; default `true` (a no-op until the app installs a tracer provider). */
  readonly isEnabled?: boolean;
  /**
   * Record what memory was given: the cue, the scope ids. Default `false`:
   * spans carry counts, codes and durations, never stored text or scope ids.
   */
  readonly recordInputs?: boolean;
  /** Record what memory answered: the block's text. Default `false`. */
  readonly recordOutputs?: boolean;
  /** Groups the spans of one use of memory (`operation.name`, `resource.name`), as the AI SDK's. */
  readonly functionId?: string;
  /** Attributes added to every span, as `symfonic.telemetry.metadata.<key>`. */
  readonly metadata?: Readonly<Record<string, AttributeValue>>;
  /** The store kind recorded as `symfonic.store.kind` (`openStore` answers it as `kind`). */
  readonly storeKind?: string;
  /** The tracer to use instead of the global one's `@symfonic/memory` tracer. */
  readonly tracer?: Tracer;
}
