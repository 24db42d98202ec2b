import type { MemoryLayer } from './memory-layer.js';
import type { Provenance } from './provenance.js';

/** One entry of a memory's history. */
export interface MemoryVersion {
  readonly memoryId: string;
  /** 1 for the first version, then one more per change. */
  readonly version: number;
  /** `created` by an add, `updated` by an update, `deleted` (a tombstone) by a delete. */
  readonly change: 'created' | 'updated' | 'deleted';
  readonly layer: MemoryLayer;
  /** The text as of this version (a tombstone keeps the last text). */
  readonly text: string;
  /** The context as of this version, when it had one. */
  readonly context?: string;
  readonly salience: number;
  readonly provenance: Provenance;
  readonly at: Date;
}
