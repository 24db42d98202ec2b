import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createInMemoryStore } from '@symfonic/store-memory';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemory } from '../create-memory.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const user = { tenant: 'acme', path: ['user:secret-42'] };
const conversation = { tenant: 'acme', path: ['user:secret-42', 'conversation:1'] };
const provenance = { writer: 'telemetry-test' };
const reply = (ops: unknown[]) => ({ role: 'assistant', content: JSON.stringify({ ops }) });
const secretText = 'The user hides a key under the doormat';

/** Every attribute value of every span, as text. */
const everything = (spans: readonly ReadableSpan[]) =>
  JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events, span.status]));

describe('memory spans', () => {
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    trace.disable();
    await provider.shutdown();
  });
  beforeEach(() => exporter.reset());

  it('go to the global tracer with counts, drops by reason, the store kind and durations, never text or scope ids', async () => {
    const memory = createMemory({
      store: createInMemoryStore(),
      recall: { limit: 1 },
      telemetry: { storeKind: 'memory', functionId: 'chat', metadata: { app: 'test' } },
    });
    const remembered = await memory.remember(
      user,
      reply([
        { op: 'add', text: secretText, salience: 0.5 },
        { op: 'add', text: 'The user keeps a spare key at the neighbour', salience: 0.5 },
        { op: 'update', ref: '#9', text: 'nothing' },
      ]),
      { provenance },
    );
    expect(remembered.applied).toHaveLength(2);
    const block = await memory.hydrate(conversation, 'where is the key?');
    await memory.importConversation(conversation, [
      { turnId: 't1', speaker: 'user', text: 'I lost my key' },
    ]);

    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual([
      'symfonic.remember',
      'symfonic.hydrate',
      'symfonic.importConversation',
    ]);
    const [rememberSpan, hydrateSpan, importSpan] = spans as [
      ReadableSpan,
      ReadableSpan,
      ReadableSpan,
    ];
    expect(rememberSpan.attributes).toMatchObject({
      'operation.name': 'symfonic.remember chat',
      'resource.name': 'chat',
      'symfonic.operationId': 'symfonic.remember',
      'symfonic.telemetry.functionId': 'chat',
      'symfonic.telemetry.metadata.app': 'test',
      'symfonic.store.kind': 'memory',
      'symfonic.reply.family': remembered.family,
      'symfonic.applied': 2,
      'symfonic.rejected': 1,
      'symfonic.rejected.unknown-ref': 1,
    });
    expect(hydrateSpan.attributes).toMatchObject({
      'symfonic.recalled': block.recalled.length,
      'symfonic.dropped': block.dropped.length,
      'symfonic.dropped.limit': 1,
      'symfonic.degraded.recall': false,
      'symfonic.store.kind': 'memory',
    });
    expect(hydrateSpan.attributes['symfonic.duration_ms']).toBeGreaterThanOrEqual(0);
    expect(importSpan.attributes).toMatchObject({ 'symfonic.imported': 1, 'symfonic.refused': 0 });
    const recorded = everything(spans);
    expect(recorded).not.toContain('doormat');
    expect(recorded).not.toContain('secret-42');
    expect(recorded).not.toContain('where is the key');
  });

  it('record the cue, the scope and the block only when the app opts in', async () => {
    const memory = createMemory({
      store: createInMemoryStore(),
      telemetry: { recordInputs: true, recordOutputs: true },
    });
    await memory.remember(user, reply([{ op: 'add', text: secretText }]), { provenance });
    await memory.hydrate(conversation, 'where is the key?');
    const hydrateSpan = exporter
      .getFinishedSpans()
      .find((span) => span.name === 'symfonic.hydrate');
    expect(hydrateSpan?.attributes).toMatchObject({
      'symfonic.scope': 'acme/user:secret-42/conversation:1',
      'symfonic.cue': 'where is the key?',
      'symfonic.block.text': `[semantic #1] ${secretText}`,
    });
  });

  it('record a failure by its code, and emit nothing when disabled', async () => {
    const store = createInMemoryStore();
    await store.close();
    const memory = createMemory({ store });
    await expect(
      memory.remember(user, reply([{ op: 'add', text: secretText }]), { provenance }),
    ).rejects.toThrow();
    const [failed] = exporter.getFinishedSpans();
    expect(failed?.status).toEqual({ code: 2, message: 'MEMORY_UNAVAILABLE' });
    expect(failed?.events[0]?.name).toBe('exception');

    exporter.reset();
    const silent = createMemory({ store: createInMemoryStore(), telemetry: { isEnabled: false } });
    await silent.hydrate(conversation, 'anything');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
