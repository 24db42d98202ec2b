import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import {
  allowedWorkspaceImports,
  coreExternalImports,
  deprecatedEntries,
  excludedImports,
  frameworkHomes,
  testFileStoreImports,
  testOnlyWorkspaceImports,
} from './boundary-rules.js';

/** One import that crosses a boundary. */
export interface BoundaryViolation {
  /** The importing file, relative to the workspace root. */
  readonly file: string;
  /** The module specifier as written. */
  readonly specifier: string;
  readonly rule: string;
}

interface WorkspacePackage {
  readonly name: string;
  readonly directory: string;
  readonly isApp: boolean;
  /** `"private": true`: never published. */
  readonly isPrivate: boolean;
  readonly declared: ReadonlySet<string>;
  readonly declaredForTests: ReadonlySet<string>;
  /**
   * The package's `files` leave out `dist/testing`: its `src/testing/`
   * helpers serve only its tests and benchmarks, never a user, so they may
   * import what only tests may (its devDependencies).
   */
  readonly unpublishedTesting: boolean;
}

const builtins = new Set(builtinModules);
const sourceFile = /\.(?:ts|tsx|mts|cts|js|mjs)$/;

/** The package a bare specifier names: `@scope/name` or `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** A test file proper (`*.test.ts`, `*.contract.test.ts`): what vitest runs, never a fixture or helper. */
function isTestRun(file: string): boolean {
  return /\.test\.[cm]?tsx?$/.test(file);
}

/** A test file, a fixture, a benchmark, or a testing helper its package does not publish. */
function isTestFile(pkg: WorkspacePackage, file: string): boolean {
  return (
    /\.(?:test|bench|contract\.test)\.[cm]?tsx?$/.test(file) ||
    file.includes(`${sep}__fixtures__${sep}`) ||
    (pkg.unpublishedTesting && file.startsWith(join(pkg.directory, 'src', 'testing') + sep))
  );
}

function listSources(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
      continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...listSources(path));
    else if (entry.isFile() && sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      found.push(path);
    }
  }
  return found;
}

function readPackage(directory: string, isApp: boolean): WorkspacePackage | undefined {
  let manifest: Record<string, Record<string, string> | string | boolean | undefined>;
  try {
    manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const keys = (field: string) =>
    Object.keys((manifest[field] as Record<string, string> | undefined) ?? {});
  const declared = new Set([
    ...keys('dependencies'),
    ...keys('peerDependencies'),
    ...keys('optionalDependencies'),
  ]);
  return {
    name: String(manifest.name),
    directory,
    isApp,
    isPrivate: manifest.private === true,
    declared,
    declaredForTests: new Set([...declared, ...keys('devDependencies')]),
    unpublishedTesting:
      Array.isArray(manifest.files) && (manifest.files as unknown[]).includes('!dist/testing'),
  };
}

/** Every workspace package under `root`'s `packages/`, `apps/` and `tests/` folders. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps', 'tests']) {
    let entries: string[];
    try {
      entries = readdirSync(join(root, group));
    } catch {
      continue;
    }
    for (const entry of entries) {
      const pkg = readPackage(join(root, group, entry), group !== 'packages');
      if (pkg) found.push(pkg);
    }
  }
  return found;
}

function checkSpecifier(
  pkg: WorkspacePackage,
  file: string,
  specifier: string,
  workspaceNames: ReadonlySet<string>,
): string | undefined {
  const test = isTestFile(pkg, file);
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = resolve(dirname(file), specifier);
    const inside = relative(pkg.directory, target);
    return inside.startsWith('..') || resolve(inside) === inside
      ? 'a relative import may not leave its package: import the package by name'
      : undefined;
  }
  if (specifier.startsWith('node:') || builtins.has(specifier)) {
    return pkg.name === '@symfonic/core'
      ? 'core imports nothing but zod (no Node built-ins)'
      : undefined;
  }
  const target = packageOf(specifier);
  if (pkg.isApp) return undefined;
  if (excludedImports[pkg.name]?.includes(target)) {
    return `${pkg.name} never imports ${target}, not even in tests: that integration lives in its own package`;
  }
  if (workspaceNames.has(target)) {
    if (target === pkg.name) return 'a package imports itself by relative path, not by name';
    const allowed = allowedWorkspaceImports[pkg.name] ?? ['@symfonic/core'];
    if (allowed.includes(target) || (test && testOnlyWorkspaceImports.includes(target)))
      return undefined;
    if (testFileStoreImports.includes(target) && isTestRun(file)) return undefined;
    const inPackage = relative(pkg.directory, file).split(sep).join('/');
    const deprecated = deprecatedEntries.some(
      (entry) =>
        entry.package === pkg.name && entry.movedTo === target && entry.files.includes(inPackage),
    );
    if (deprecated) return undefined;
    if (testFileStoreImports.includes(target) && test) {
      return `${pkg.name} opens ${target} only in a test file: a fixture or helper takes its store from the test or @symfonic/surface-contract/stores, a benchmark lives in apps/bench`;
    }
    return `${pkg.name} may not import ${target} (adapters depend on core only; see docs/architecture.md)`;
  }
  const home = frameworkHomes[target];
  if (home !== undefined && home !== pkg.name) {
    return `${target} is imported only in ${home}, where the integration with it lives`;
  }
  if (pkg.name === '@symfonic/core' && !test && !coreExternalImports.includes(target)) {
    return 'core depends on zod only';
  }
  const declared = test ? pkg.declaredForTests : pkg.declared;
  const rootTooling = test && (target === 'vitest' || target === 'fast-check');
  if (!declared.has(target) && !rootTooling) {
    return `${target} is not declared in ${pkg.name}'s package.json${test ? '' : ' (dependencies or peerDependencies)'}`;
  }
  return undefined;
}

/**
 * The private workspace packages a published package would pull in for its
 * users: one named in its `dependencies`, `peerDependencies` or
 * `optionalDependencies` (a private package, e.g. test plumbing, may only be
 * a `devDependency` of a published one).
 */
function privateRuntimeDependencies(
  root: string,
  pkg: WorkspacePackage,
  privateNames: ReadonlySet<string>,
): BoundaryViolation[] {
  if (pkg.isPrivate) return [];
  return [...pkg.declared]
    .filter((name) => privateNames.has(name))
    .map((name) => ({
      file: relative(root, join(pkg.directory, 'package.json')),
      specifier: name,
      rule: `${name} is private: a published package may list it only under devDependencies`,
    }));
}

/**
 * The excluded modules ({@link excludedImports}) a package lists in its package.json, under any
 * field: installing the package would install them, though it never imports them.
 */
function excludedDependencies(root: string, pkg: WorkspacePackage): BoundaryViolation[] {
  return (excludedImports[pkg.name] ?? [])
    .filter((name) => pkg.declaredForTests.has(name))
    .map((name) => ({
      file: relative(root, join(pkg.directory, 'package.json')),
      specifier: name,
      rule: `${pkg.name} never depends on ${name}: that integration lives in its own package`,
    }));
}

/**
 * Every import in the workspace at `root` that breaks a boundary of docs/architecture.md:
 * core importing anything but zod, a package importing a workspace package it
 * may not, a relative import that reaches into another package, or an
 * external import its package.json does not declare; and every published
 * package that lists a private workspace package outside `devDependencies`,
 * and every package that lists a module it must never import (both reported
 * against its `package.json`).
 */
export function checkBoundaries(root: string): BoundaryViolation[] {
  const packages = workspacePackages(root);
  const names = new Set(packages.map((pkg) => pkg.name));
  const privateNames = new Set(packages.filter((pkg) => pkg.isPrivate).map((pkg) => pkg.name));
  const violations: BoundaryViolation[] = [];
  for (const pkg of packages) {
    violations.push(...privateRuntimeDependencies(root, pkg, privateNames));
    violations.push(...excludedDependencies(root, pkg));
    for (const file of listSources(pkg.directory)) {
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
      for (const { fileName: specifier } of imports) {
        const rule = checkSpecifier(pkg, file, specifier, names);
        if (rule) violations.push({ file: relative(root, file), specifier, rule });
      }
    }
  }
  return violations;
}
