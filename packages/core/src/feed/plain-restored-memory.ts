import { Limits } from '../limits.js';
import { isMemoryId } from '../memory-id.js';
import { storedLayerSchema } from '../memory-layer.js';
import { isMemoryContext, isMemoryText, plainMetadata } from '../memory-record.js';
import { plainScope } from '../memory-scope.js';
import { plainProvenance } from '../provenance.js';
import {
  type RestoredMemory,
  type RestoredVersion,
  restoredHistoryProblem,
  restoredVersionSchema,
} from './restore-batch.js';

const changes: readonly unknown[] = restoredVersionSchema.shape.change.options;
const layers: readonly unknown[] = storedLayerSchema.options;

/**
 * What `restoredMemorySchema` makes of `value` when `value` is a plain
 * memory it accepts (plain objects and arrays of own data, no key holding
 * `undefined`, every field valid, a history a store could have written): a
 * fresh copy, equal to the schema's, frozen (its objects and arrays cannot change; a `Date` cannot be frozen); `undefined` for anything else, which
 * the schema then decides and words: this reading never accepts what the
 * schema refuses, and reads each rule from the field's own predicate beside
 * its schema (`isMemoryId`, `plainScope`, `isMemoryText`, `plainMetadata`, …). It skips the schema's generic walk, most of a checked
 * restore's cost.
 */
export function plainRestoredMemory(value: unknown): RestoredMemory | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const hasMetadata = Object.hasOwn(value, 'metadata');
  const keys = hasMetadata ? ['id', 'scope', 'metadata', 'versions'] : ['id', 'scope', 'versions'];
  if (!hasOnlyKeys(value, keys)) return undefined;
  const { id, scope, metadata, versions } = value as Record<string, unknown>;
  if (!isMemoryId(id) || !Array.isArray(versions)) return undefined;
  if (Object.getPrototypeOf(versions) !== Array.prototype) return undefined;
  if (versions.length < 1 || versions.length > Limits.restoreBatch) return undefined;
  const placed = plainScope(scope);
  if (placed === undefined) return undefined;
  let checkedMetadata: RestoredMemory['metadata'];
  if (hasMetadata) {
    checkedMetadata = plainMetadata(metadata);
    if (checkedMetadata === undefined) return undefined;
  }
  const copies: RestoredVersion[] = [];
  for (let index = 0; index < versions.length; index += 1) {
    const copy = plainVersion(Object.hasOwn(versions, index) ? versions[index] : undefined, id);
    if (copy === undefined) return undefined;
    copies.push(copy);
  }
  const memory: RestoredMemory = hasMetadata
    ? {
        id,
        scope: placed,
        metadata: checkedMetadata,
        versions: Object.freeze(copies) as RestoredVersion[],
      }
    : { id, scope: placed, versions: Object.freeze(copies) as RestoredVersion[] };
  return restoredHistoryProblem(memory) === undefined ? Object.freeze(memory) : undefined;
}

/** A version of memory `id` as `restoredVersionSchema` makes it, or `undefined` (see {@link plainRestoredMemory}). */
function plainVersion(value: unknown, id: string): RestoredVersion | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const hasContext = Object.hasOwn(value, 'context');
  const keys = hasContext
    ? ['memoryId', 'version', 'change', 'layer', 'text', 'context', 'salience', 'provenance', 'at']
    : ['memoryId', 'version', 'change', 'layer', 'text', 'salience', 'provenance', 'at'];
  if (!hasOnlyKeys(value, keys)) return undefined;
  const { memoryId, version, change, layer, text, context, salience, at } = value as Record<
    string,
    unknown
  >;
  // A version names its memory: the history rule refuses any other id, so this one is valid as `id` is.
  if (memoryId !== id) return undefined;
  if (!Number.isSafeInteger(version) || (version as number) < 1) return undefined;
  if (!changes.includes(change) || !layers.includes(layer)) return undefined;
  if (!isMemoryText(text) || (hasContext && !isMemoryContext(context))) return undefined;
  if (typeof salience !== 'number' || !(salience >= 0 && salience <= 1)) return undefined;
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) return undefined;
  const provenance = plainProvenance((value as Record<string, unknown>).provenance);
  if (provenance === undefined) return undefined;
  const number = version as number;
  const kind = change as RestoredVersion['change'];
  const stored = layer as RestoredVersion['layer'];
  return Object.freeze(
    hasContext
      ? {
          memoryId: id,
          version: number,
          change: kind,
          layer: stored,
          text,
          context: context as string,
          salience,
          provenance,
          at,
        }
      : {
          memoryId: id,
          version: number,
          change: kind,
          layer: stored,
          text,
          salience,
          provenance,
          at,
        },
  );
}

/**
 * Whether `value` is a plain object (`{}` or `Object.create(null)`) whose own
 * enumerable keys are exactly `keys` (read as the schema reads them: a getter's
 * value is what it returns, read once).
 */
function hasOnlyKeys(value: object, keys: readonly string[]): boolean {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const own = Object.keys(value);
  if (own.length !== keys.length) return false;
  for (const key of own) if (!keys.includes(key)) return false;
  return true;
}
