/** One memory operation as the model writes it in its JSON `ops` block (refs as rendered: `"#3"`). */
export type ModelOp =
  | { op: 'add'; layer: 'semantic' | 'episodic'; text: string; salience: number }
  | { op: 'update'; ref: string; text: string }
  | { op: 'delete'; ref: string };
