import { jsonPayload, readReply } from '@symfonic/provider-families';
import { describe, expect, it } from 'vitest';
import { LocalModel } from './local-model.js';

const ask = (model: LocalModel, message: string, memoryBlock = '') =>
  model.reply({ message, memoryBlock });

describe('LocalModel', () => {
  it('replies in Anthropic, OpenAI chat and Gemini shapes in turn, each read for what it said', async () => {
    const model = new LocalModel();
    const families = [];
    for (const message of ['hello', 'hello', 'hello', 'hello']) {
      families.push(readReply(await ask(model, message)).family);
    }
    expect(families).toEqual(['anthropic', 'openai-chat', 'gemini', 'anthropic']);
  });

  it('hides a draft ops block in its thinking, which the reader skips', async () => {
    const reply = readReply(await ask(new LocalModel(), "I'm allergic to peanuts."));
    expect(reply.ignored).toEqual(['thinking']);
    expect(reply.text).not.toContain('draft note');
    expect(jsonPayload(reply.text)).toEqual({
      ops: [
        { op: 'add', layer: 'semantic', text: 'The user is allergic to peanuts', salience: 0.95 },
      ],
    });
  });

  it('updates a recalled memory on the same topic by its ref instead of adding a second one', async () => {
    const block = '[semantic #2] The user lives in Lisbon\n[working] user: I moved to Porto.';
    const reply = readReply(await ask(new LocalModel(), 'I moved to Porto.', block));
    expect(jsonPayload(reply.text)).toEqual({
      ops: [{ op: 'update', ref: '#2', text: 'The user lives in Porto' }],
    });
  });

  it('answers only from the memory block, and says when it does not know', async () => {
    const model = new LocalModel();
    const known = readReply(
      await ask(model, 'Where do I live?', '[semantic #1] The user lives in Porto'),
    );
    expect(known.text).toMatch(/^You live in Porto\./);
    const unknown = readReply(await ask(model, 'Where do I live?', ''));
    expect(unknown.text).toMatch(/^I don't know where you live yet\./);
  });

  it('gives the same replies to the same requests', async () => {
    const first = await ask(new LocalModel(), "Hi! I'm Ada and I live in Lisbon.");
    const second = await ask(new LocalModel(), "Hi! I'm Ada and I live in Lisbon.");
    expect(second).toEqual(first);
  });
});
