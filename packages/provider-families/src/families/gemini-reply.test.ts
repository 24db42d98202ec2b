import { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { geminiBlockedPrompt } from '../__fixtures__/gemini-blocked-prompt.js';
import { geminiCodeExecution } from '../__fixtures__/gemini-code-execution.js';
import { geminiFunctionCall } from '../__fixtures__/gemini-function-call.js';
import { geminiMultipleCandidates } from '../__fixtures__/gemini-multiple-candidates.js';
import { geminiSafetyStop } from '../__fixtures__/gemini-safety-stop.js';
import { geminiThought } from '../__fixtures__/gemini-thought.js';
import { jsonPayload } from '../json-payload.js';
import { readReply } from '../read-reply.js';

/** The SDK's own instance, built the way the SDK builds it: the REST data copied onto the class. */
function asSdkInstance(data: object): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), data);
}

describe('readReply on Gemini generateContent responses', () => {
  it('skips a thought part whose JSON is not the answer, and names it', () => {
    const reply = readReply(geminiThought);
    expect(reply.family).toBe('gemini');
    expect(reply.ignored).toEqual(['thought']);
    expect(jsonPayload(reply.text)).toEqual({
      ops: [{ op: 'add', text: 'The user owns a cat.' }],
    });
  });

  it('reads the SDK class instance the same way as the raw data', () => {
    expect(readReply(asSdkInstance(geminiThought))).toEqual(readReply(geminiThought));
  });

  it('names a function call part by its payload key', () => {
    expect(readReply(geminiFunctionCall)).toEqual({
      family: 'gemini',
      text: 'Let me look that up.',
      ignored: ['functionCall'],
      readable: true,
      toolCalls: [
        {
          id: undefined,
          name: 'get_weather',
          kind: 'functionCall',
          parsed: true,
          input: { location: 'Boston' },
        },
      ],
    });
  });

  it('joins text parts with no separator and names code, results and inline data', () => {
    expect(readReply(geminiCodeExecution)).toEqual({
      family: 'gemini',
      text: 'The sum is 45.',
      ignored: ['executableCode', 'codeExecutionResult', 'inlineData'],
      readable: true,
      toolCalls: [],
    });
  });

  it('names a part by its payload, never by its metadata fields', () => {
    const [candidate] = geminiFunctionCall.candidates;
    const parts = [
      {
        videoMetadata: { startOffset: '1s' },
        fileData: { fileUri: 'gs://bucket/clip.mp4', mimeType: 'video/mp4' },
      },
      { thoughtSignature: 'Ci…', text: 'Seen.' },
    ];
    const reply = readReply({
      candidates: [{ ...candidate, content: { role: 'model', parts } }],
    });
    expect(reply).toEqual({
      family: 'gemini',
      text: 'Seen.',
      ignored: ['fileData'],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads only the first candidate', () => {
    expect(readReply(geminiMultipleCandidates).text).toBe('First candidate.');
  });

  it('reads a blocked prompt (promptFeedback alone) as readable and empty', () => {
    expect(readReply(geminiBlockedPrompt)).toEqual({
      family: 'gemini',
      text: '',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads a candidate stopped for safety as readable and empty, never naming ratings', () => {
    expect(readReply(asSdkInstance(geminiSafetyStop))).toEqual({
      family: 'gemini',
      text: '',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads the chunks of a stream as one response: text joined, function calls whole', () => {
    const [candidate] = geminiFunctionCall.candidates;
    const chunk = (parts: object[]) =>
      asSdkInstance({ candidates: [{ ...candidate, content: { role: 'model', parts } }] });
    const reply = readReply([
      chunk([{ text: 'Let me ' }]),
      chunk([{ text: 'look that up.' }]),
      chunk([{ functionCall: { id: 'fc-1', name: 'get_weather', args: { location: 'Boston' } } }]),
    ]);
    expect(reply).toEqual({
      family: 'gemini',
      text: 'Let me look that up.',
      ignored: ['functionCall'],
      toolCalls: [
        {
          id: 'fc-1',
          name: 'get_weather',
          kind: 'functionCall',
          parsed: true,
          input: { location: 'Boston' },
        },
      ],
      readable: true,
    });
    expect(readReply([chunk([{ text: 'x' }]), { role: 'assistant' }]).readable).toBe(false);
  });
});
