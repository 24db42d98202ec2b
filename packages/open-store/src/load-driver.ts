import type { StoreKind } from './store-target.js';
import { StoreTargetInvalid } from './store-target-invalid.js';

const driverPackages: Record<Exclude<StoreKind, 'memory'>, readonly string[]> = {
  pglite: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector'],
  postgres: ['pg'],
  neon: ['@neondatabase/serverless', 'ws'],
};

function isModuleMissing(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'ERR_MODULE_NOT_FOUND';
}

/**
 * Import what a store kind needs (`load`), or, when a package it needs is
 * not installed, say which packages to install.
 *
 * @throws StoreTargetInvalid `driver-missing`, naming the packages, when `load` fails to find a module.
 */
export async function loadDriver<Module>(
  kind: Exclude<StoreKind, 'memory'>,
  load: () => Promise<Module>,
): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    if (!isModuleMissing(error)) throw error;
    const packages = driverPackages[kind];
    throw new StoreTargetInvalid(
      'driver-missing',
      `this store needs its driver: npm install ${packages.join(' ')}`,
      { packages, cause: error },
    );
  }
}
