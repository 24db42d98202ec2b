import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedPort, silentServer } from './__fixtures__/unreachable.js';
import { isConnectionError } from './is-connection-error.js';

async function caught(attempt: () => Promise<unknown>): Promise<unknown> {
  try {
    await attempt();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isConnectionError', () => {
  it('recognises a refused socket connection', async () => {
    const port = await closedPort();
    const error = await caught(
      () =>
        new Promise((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('error', reject);
        }),
    );
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isConnectionError(error)).toBe(true);
  });

  it('recognises a refused fetch, whose code hides in the cause', async () => {
    const port = await closedPort();
    const error = await caught(() => fetch(`http://127.0.0.1:${port}/`));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { code?: string }).code).toBeUndefined();
    expect(isConnectionError(error)).toBe(true);
  });

  it('recognises a request that timed out', async () => {
    const server = await silentServer();
    try {
      const error = await caught(() =>
        fetch(`http://127.0.0.1:${server.port}/`, { signal: AbortSignal.timeout(50) }),
      );
      expect((error as Error).name).toBe('TimeoutError');
      expect(isConnectionError(error)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('recognises a connection code inside an AggregateError', () => {
    const inner = Object.assign(new Error('connect failed'), { code: 'EHOSTUNREACH' });
    expect(isConnectionError(new AggregateError([new Error('other'), inner]))).toBe(true);
  });

  it('does not take a fault for an outage', () => {
    expect(isConnectionError(new TypeError('rows.map is not a function'))).toBe(false);
    expect(
      isConnectionError(Object.assign(new Error('bad'), { code: 'ERR_INVALID_ARG_TYPE' })),
    ).toBe(false);
    expect(isConnectionError(new Error('permission denied for table memories'))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    const cyclic: { cause?: unknown } = new Error('cyclic');
    cyclic.cause = cyclic;
    expect(isConnectionError(cyclic)).toBe(false);
  });
});
