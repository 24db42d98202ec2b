import { describe, expect, it } from 'vitest';
import { vectorIndex } from '../vectors/vector-index.js';
import type { NearestVectorsRequest } from './nearest-vectors.js';
import { VectorScopeEstimates } from './vector-scope-estimates.js';

const index = vectorIndex('model-a', 3);
const request = (user: string, layers: NearestVectorsRequest['layers'] = ['episodic']) => ({
  scope: { tenant: 'acme', path: [`user:${user}`] },
  layers,
  window: 10,
  vector: { index, values: new Float32Array([1, 0, 0]) },
});

/** A read answering `rows`, counting its calls. */
function counted(rows: number) {
  const read = () => {
    read.calls += 1;
    return Promise.resolve(rows);
  };
  read.calls = 0;
  return read;
}

describe('VectorScopeEstimates', () => {
  it('keeps an estimate per scope, layers and model until it is too old', async () => {
    let clock = 0;
    const estimates = new VectorScopeEstimates(10, 100, () => clock);
    const read = counted(42);
    expect(await estimates.estimate(request('1'), read)).toBe(42);
    clock = 99;
    expect(await estimates.estimate(request('1'), read)).toBe(42);
    expect(read.calls).toBe(1);
    await estimates.estimate(request('1', ['episodic', 'semantic']), read);
    await estimates.estimate(request('2'), read);
    await estimates.estimate(
      { ...request('1'), vector: { ...request('1').vector, index: vectorIndex('model-b', 3) } },
      read,
    );
    expect(read.calls).toBe(4);
    clock = 100;
    await estimates.estimate(request('1'), read);
    expect(read.calls).toBe(5);
  });

  it('reads the layers in any order as the same', async () => {
    const estimates = new VectorScopeEstimates();
    const read = counted(7);
    await estimates.estimate(request('1', ['semantic', 'episodic']), read);
    await estimates.estimate(request('1', ['episodic', 'semantic']), read);
    expect(read.calls).toBe(1);
  });

  it('shares a read in flight with the callers that ask while it runs', async () => {
    const estimates = new VectorScopeEstimates();
    let answer: (rows: number) => void = () => undefined;
    let calls = 0;
    const read = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        answer = resolve;
      });
    };
    const both = Promise.all([
      estimates.estimate(request('1'), read),
      estimates.estimate(request('1'), read),
    ]);
    answer(5);
    expect(await both).toEqual([5, 5]);
    expect(calls).toBe(1);
  });

  it('keeps no failed read', async () => {
    const estimates = new VectorScopeEstimates();
    const failure = new Error('connection lost');
    await expect(estimates.estimate(request('1'), () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    const read = counted(3);
    expect(await estimates.estimate(request('1'), read)).toBe(3);
    expect(read.calls).toBe(1);
  });

  it('drops the oldest estimate past its capacity', async () => {
    const estimates = new VectorScopeEstimates(2);
    const read = counted(1);
    await estimates.estimate(request('1'), read);
    await estimates.estimate(request('2'), read);
    await estimates.estimate(request('3'), read);
    await estimates.estimate(request('2'), read);
    expect(read.calls).toBe(3);
    await estimates.estimate(request('1'), read);
    expect(read.calls).toBe(4);
  });
});
