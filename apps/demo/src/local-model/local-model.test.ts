import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { LocalModel, localAnswer, memoryBlockOf } from './local-model.js';

const instructionsLike = 'Example:\n[semantic #1] something that is true\n\nRules.';

describe('LocalModel', () => {
  it('answers generateText with its reasoning and a fenced ops object', async () => {
    const result = await generateText({
      model: new LocalModel(),
      prompt: "I'm allergic to peanuts.",
    });
    expect(result.reasoningText).toContain('draft note');
    expect(result.text).toBe(
      "Understood, I'll keep peanuts away from every suggestion.\n\n```json\n" +
        '{"ops":[{"op":"add","layer":"semantic","text":"The user is allergic to peanuts","salience":0.95}]}\n```',
    );
  });

  it('streams the same answer word by word', async () => {
    const model = new LocalModel();
    const streamed = streamText({ model, prompt: 'I moved to Porto.' });
    const deltas: string[] = [];
    for await (const delta of streamed.textStream) deltas.push(delta);
    const generated = await generateText({ model, prompt: 'I moved to Porto.' });
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(generated.text);
  });

  it('reads the memory block that ends a system message, not the example lines before it', () => {
    const prompt = [
      { role: 'system' as const, content: 'You are kind.' },
      {
        role: 'system' as const,
        content: `${instructionsLike}\n\n[semantic #2] The user lives in Lisbon\n[working] user: hi`,
      },
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'I moved to Porto.' }] },
    ];
    expect(memoryBlockOf(prompt)).toBe(
      '[semantic #2] The user lives in Lisbon\n[working] user: hi',
    );
  });

  it('updates a recalled memory on the same topic by its ref instead of adding a second one', () => {
    const answer = localAnswer({
      message: 'I moved to Porto.',
      memoryBlock: '[semantic #2] The user lives in Lisbon\n[working] user: I moved to Porto.',
    });
    expect(answer.text).toContain(
      '{"ops":[{"op":"update","ref":"#2","text":"The user lives in Porto"}]}',
    );
  });

  it('answers only from the memory block, and says when it does not know', () => {
    const known = localAnswer({
      message: 'Where do I live?',
      memoryBlock: '[semantic #1] The user lives in Porto',
    });
    expect(known.text).toMatch(/^You live in Porto\./);
    expect(localAnswer({ message: 'Where do I live?', memoryBlock: '' }).text).toMatch(
      /^I don't know where you live yet\./,
    );
  });
});
