import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { MemoryScope } from '@symfonic/core';
import { createLocalEmbedder } from '@symfonic/memory';
import type { DrizzleMemoryStore } from '@symfonic/store-drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from './ask.js';
import { CliError } from './cli-error.js';
import { embedMissingVectors } from './embed-missing-vectors.js';
import { withInterruptSignal } from './interrupt-signal.js';
import { type DemoMemory, openDemoMemory } from './open-demo.js';
import { terminalOutput } from './output.js';

/** The demo's store as the Drizzle store it is on PGlite (the backfill needs it). */
function drizzleOf(demo: DemoMemory): DrizzleMemoryStore {
  if (!demo.drizzle) throw new Error('expected the demo on a Drizzle store');
  return demo.drizzle;
}

const scope: MemoryScope = { tenant: 'acme', path: ['user:lena'] };
const written = 250;

/** A non-terminal stream that keeps what is written and calls `onWrite` with each piece. */
function capture(onWrite: (text: string) => void = () => undefined) {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      onWrite(String(chunk));
      done();
    },
  });
  return { stream, text: () => text };
}

async function askedText(dataDir: string, cue: string): Promise<string> {
  let printed = '';
  const demo = await openDemoMemory({ dataDir, embedder: createLocalEmbedder({ dimensions: 64 }) });
  try {
    await ask(
      terminalOutput((text) => {
        printed += text;
      }),
      demo.memory,
      scope,
      cue,
    );
  } finally {
    await demo.close();
  }
  return printed;
}

describe('embedMissingVectors, on a PGlite database written with another embedder', () => {
  let directory: string;
  let dataDir: string;
  const newer = createLocalEmbedder({ dimensions: 64 });

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'symfonic-demo-backfill-'));
    dataDir = join(directory, 'data');
    const older = await openDemoMemory({ dataDir, embedder: createLocalEmbedder() });
    try {
      const ops = Array.from({ length: written }, (_, index) => ({
        op: 'add' as const,
        layer: 'episodic' as const,
        text: `lena planted tree number ${index} in the orchard`,
        salience: 0.5,
      }));
      const result = await older.store.apply(scope, ops, { writer: 'test' });
      expect(result.applied).toHaveLength(written);
    } finally {
      await older.close();
    }
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('stops after the batch in flight when aborted, leaves the rest reported, and resumes', async () => {
    const controller = new AbortController();
    const progress = capture(() => controller.abort(new Error('stop')));
    const demo = await openDemoMemory({ dataDir, embedder: newer });
    const stopped = await embedMissingVectors(drizzleOf(demo), {
      model: newer.model,
      signal: controller.signal,
      stream: progress.stream,
    }).catch((error: unknown) => error);
    await demo.close();
    expect(stopped).toBeInstanceOf(CliError);
    expect((stopped as CliError).exitCode).toBe(130);
    expect((stopped as CliError).message).toBe(
      `interrupted: 100 memories embedded with ${newer.model}, 150 still without a vector of it (run again to resume)`,
    );
    expect(progress.text()).toBe('embedding: 100/250 memories\n');

    const partly = await askedText(dataDir, 'which tree did lena plant?');
    expect(partly).toMatch(
      /degraded\s+vectors-incomplete: 150 of the memories visible to this query have no vector/,
    );

    const rest = capture();
    const again = await openDemoMemory({ dataDir, embedder: newer });
    try {
      expect(
        await embedMissingVectors(drizzleOf(again), { model: newer.model, stream: rest.stream }),
      ).toBe(150);
      expect(rest.text()).toContain('embedding: 150/150 memories\n');
      expect(rest.text()).toContain(`embedded 150 memories that had no vector of ${newer.model}\n`);

      const nothing = capture();
      expect(
        await embedMissingVectors(drizzleOf(again), { model: newer.model, stream: nothing.stream }),
      ).toBe(0);
      expect(nothing.text()).toBe('');
    } finally {
      await again.close();
    }
    expect(await askedText(dataDir, 'which tree did lena plant?')).not.toContain(
      'vectors-incomplete',
    );
  });
});

describe('withInterruptSignal', () => {
  it('aborts its signal on SIGINT, and stops listening once the work settles', async () => {
    const listening = process.listenerCount('SIGINT');
    const reason = await withInterruptSignal(async (signal) => {
      expect(process.listenerCount('SIGINT')).toBe(listening + 1);
      const aborted = new Promise((settle) =>
        signal.addEventListener('abort', () => settle(signal.reason)),
      );
      process.emit('SIGINT', 'SIGINT');
      return aborted;
    });
    expect(String(reason)).toContain('interrupted');
    expect(process.listenerCount('SIGINT')).toBe(listening);
  });
});
