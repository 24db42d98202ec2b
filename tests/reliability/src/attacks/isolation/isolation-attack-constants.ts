/** The provenance every write of the isolation attack carries. */
export const attackProvenance = { writer: 'isolation-attack' };

/** The cue every read of the isolation attack asks with: every memory it writes matches it. */
export const attackCue = 'harbor canary';
