import { describe, expect, it } from 'vitest';
import { loadDriver } from './load-driver.js';
import { StoreTargetInvalid } from './store-target-invalid.js';

describe('loadDriver', () => {
  it('says which packages to install when a driver is missing', async () => {
    const missing = '@symfonic/no-such-driver';
    const failure = await loadDriver('neon', () => import(missing)).catch((error) => error);
    expect(StoreTargetInvalid.isInstance(failure)).toBe(true);
    expect(failure.problem).toBe('driver-missing');
    expect(failure.packages).toEqual(['@neondatabase/serverless', 'ws']);
    expect(failure.message).toBe(
      'this store needs its driver: npm install @neondatabase/serverless ws',
    );
  });

  it('lets any other failure through', async () => {
    const broken = new Error('the driver failed to start');
    await expect(loadDriver('postgres', () => Promise.reject(broken))).rejects.toBe(broken);
  });
});
