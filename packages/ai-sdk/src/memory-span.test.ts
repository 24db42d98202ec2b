import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symfonicMemory } from './symfonic-memory.js';
import { answerWithOps, scriptedModel } from './testing/scripted-model.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const owner = { tenant: 'acme', path: ['user:secret-42'] };
const conversation = { tenant: 'acme', path: ['user:secret-42', 'conversation:1'] };

describe('the middleware span', () => {
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    trace.disable();
    await provider.shutdown();
  });

  it('reports a streamed call with hydrate and remember spans: counts, codes and durations, never text or scope ids', async () => {
    const telemetry = { storeKind: 'memory' };
    const memory = createMemory({ store: createInMemoryStore(), telemetry });
    const model = wrapLanguageModel({
      model: scriptedModel([
        {
          deltas: [
            answerWithOps('Lyon, noted.', [
              { op: 'add', text: 'The user lives in Lyon near the doormat' },
              { op: 'delete', ref: '#7' },
            ]),
          ],
        },
      ]),
      middleware: symfonicMemory({ memory, conversation, owner, telemetry }),
    });
    const result = streamText({ model, prompt: 'I moved to Lyon.' });
    await result.consumeStream();

    const spans = exporter.getFinishedSpans();
    const names = spans.map((span) => span.name);
    expect(names).toContain('symfonic.hydrate');
    expect(names).toContain('symfonic.remember');
    const middleware = spans.find((span) => span.name === 'symfonic.middleware');
    expect(middleware?.attributes).toMatchObject({
      'operation.name': 'symfonic.middleware',
      'symfonic.store.kind': 'memory',
      'symfonic.step': 'first',
      'symfonic.finish': 'remembered',
      'symfonic.recalled': 0,
      'symfonic.applied': 1,
      'symfonic.rejected': 1,
      'symfonic.rejected.unknown-ref': 1,
      'symfonic.withheld': 1,
    });
    expect(middleware?.attributes['symfonic.hydrate_ms']).toBeGreaterThanOrEqual(0);
    expect(middleware?.attributes['symfonic.remember_ms']).toBeGreaterThanOrEqual(0);
    const recorded = JSON.stringify(spans.map((span) => span.attributes));
    expect(recorded).not.toContain('doormat');
    expect(recorded).not.toContain('secret-42');
    expect(recorded).not.toContain('Lyon');
  });
});
