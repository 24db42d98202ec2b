import type { PGlite, Transaction } from '@electric-sql/pglite';

/** A hook run before each statement a PGlite client is sent, in or out of a transaction. */
export interface StatementTap {
  /** Called with each statement's SQL text before PGlite runs it; `undefined` for none. */
  before: ((statement: string) => void) | undefined;
}

/**
 * Wrap `client` so that `tap.before` sees every statement sent through
 * `query`, also inside `transaction`. Everything else goes to `client`
 * unchanged. The crash test uses it to act at an exact point of a write.
 */
export function tapStatements(client: PGlite): { client: PGlite; tap: StatementTap } {
  const tap: StatementTap = { before: undefined };
  const tapQuery =
    (target: Pick<PGlite, 'query'>) =>
    (statement: string, ...rest: unknown[]): Promise<unknown> => {
      tap.before?.(statement);
      return (target.query as (...args: unknown[]) => Promise<unknown>).call(
        target,
        statement,
        ...rest,
      );
    };
  const tapTransaction = (transaction: Transaction): Transaction =>
    new Proxy(transaction, {
      get(target, property) {
        if (property === 'query') return tapQuery(target);
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const tapped = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return tapQuery(target);
      if (property === 'transaction') {
        return <Result>(callback: (transaction: Transaction) => Promise<Result>) =>
          target.transaction((transaction) => callback(tapTransaction(transaction)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client: tapped, tap };
}
