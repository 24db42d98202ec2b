import { isRecord } from '../is-record.js';
import { OpsObjectFilter } from './ops-object-filter.js';

/** One ops object of a text: as the model wrote it, and its `ops` list. */
export interface OpsObject {
  readonly text: string;
  readonly ops: readonly unknown[];
}

/** A text read for its ops objects (see {@link readOpsObjects}). */
export interface OpsObjects {
  /** The text a person should see: the text without its ops objects, their fences and the whitespace before them. */
  readonly answer: string;
  /** Every complete ops object of the text, in order. */
  readonly objects: readonly OpsObject[];
  /** True when the text ended inside an ops object that never closed (it is not JSON: none of it is in `objects`). */
  readonly truncated: boolean;
}

/**
 * Every ops object of a whole text, by the one rule the stream filter applies
 * to the same text as it arrives ({@link OpsObjectFilter}): what the filter
 * withholds from a person is exactly what `remember` reads, and `answer` is
 * exactly what the filter releases. Linear in `text`; never throws.
 */
export function readOpsObjects(text: string): OpsObjects {
  const filter = new OpsObjectFilter();
  const answer = filter.push(text) + filter.end();
  const withheld = filter.withheld();
  const complete = withheld.truncated ? withheld.objects.slice(0, -1) : withheld.objects;
  // Each object is valid JSON (the filter read it whole): one parse reads them all.
  const values: unknown[] = complete.length > 0 ? JSON.parse(`[${complete.join(',')}]`) : [];
  const objects = complete.map((object, index): OpsObject => {
    const value = values[index];
    const ops = isRecord(value) && Array.isArray(value.ops) ? (value.ops as unknown[]) : [];
    return { text: object, ops };
  });
  return { answer, objects, truncated: withheld.truncated };
}
