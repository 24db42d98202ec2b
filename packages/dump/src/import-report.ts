/** Why an import refused a line. */
export const LineRefusal = {
  /** Not JSON, or not a line of the format (the reason names the rule). */
  malformed: 'malformed',
  /** The line's scope is not at or below the dump's scope (after any remap). */
  outsideScope: 'outside-scope',
  /** The store holds a different memory or turn under the same id. */
  conflict: 'conflict',
  /** The store holds a different live memory with the same text at the same scope and layer. */
  duplicate: 'duplicate',
  /** The store cannot keep the line's text exactly (e.g. U+0000 in PostgreSQL). */
  unstorable: 'unstorable',
  /** A second header, or a line after the end line. */
  misplaced: 'misplaced',
} as const;

/** One of the {@link LineRefusal} codes. */
export type LineRefusalCode = (typeof LineRefusal)[keyof typeof LineRefusal];

/** One refused line: where it was, what it held, and why nothing of it was written. */
export interface RefusedLine {
  /** 1 for the header. */
  readonly line: number;
  /** `memory`, `turn`, or `unknown` when the line could not be read. */
  readonly kind: 'memory' | 'turn' | 'unknown';
  /** The memory id or turn id, when the line could be read that far. */
  readonly id?: string;
  readonly code: LineRefusalCode;
  readonly reason: string;
}

/** Counts of memory and turn lines. */
export interface LineCounts {
  readonly memories: number;
  readonly turns: number;
}

/** Where an import stands; `onProgress` receives one after every batch. */
export interface ImportProgress {
  /** Lines read so far, header included. */
  readonly lines: number;
  /** Lines written by this import. */
  readonly imported: LineCounts;
  /** Lines the store already held exactly. */
  readonly present: LineCounts;
  /** Lines refused so far. */
  readonly refused: number;
}

/**
 * What an import did with every line: each memory and turn line is counted
 * in `imported`, `present`, or listed in `refused` with its reason.
 */
export interface ImportReport {
  readonly imported: LineCounts;
  readonly present: LineCounts;
  readonly refused: readonly RefusedLine[];
  /**
   * True when the dump ended with its end line and that line's counts match
   * the lines read; false for a dump cut short (everything read was still
   * imported and reported).
   */
  readonly complete: boolean;
}
