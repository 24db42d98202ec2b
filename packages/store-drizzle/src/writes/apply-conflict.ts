/**
 * Thrown inside an apply's transaction when a concurrent writer changed what
 * the transaction relied on (an add collided with a memory that was then
 * deleted before it could be named). The transaction rolls back and the
 * store runs the whole apply again; it never reaches a caller.
 */
export class ApplyConflict extends Error {
  constructor() {
    super('a concurrent write changed the rows this apply relied on');
    this.name = 'ApplyConflict';
  }
}
