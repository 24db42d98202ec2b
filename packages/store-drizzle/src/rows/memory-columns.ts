import { memories } from '../schema/memories.js';

/**
 * The columns of `memories` a record is read from: all but the full-text
 * vector and the internal sequence, which no record carries.
 */
export const memoryColumns = {
  id: memories.id,
  tenant: memories.tenant,
  path: memories.path,
  layer: memories.layer,
  text: memories.text,
  salience: memories.salience,
  metadata: memories.metadata,
  writer: memories.writer,
  turnId: memories.turnId,
  replyFamily: memories.replyFamily,
  version: memories.version,
  createdAt: memories.createdAt,
  updatedAt: memories.updatedAt,
  context: memories.context,
};

/** A row selected with {@link memoryColumns}. */
export interface MemoryRow {
  readonly id: string;
  readonly tenant: string;
  readonly path: string[];
  readonly layer: 'episodic' | 'semantic';
  readonly text: string;
  readonly salience: number;
  readonly metadata: Record<string, unknown> | null;
  readonly writer: string;
  readonly turnId: string | null;
  readonly replyFamily: string | null;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly context: string | null;
}
