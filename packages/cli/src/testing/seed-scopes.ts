import { createMemory } from '@symfonic/memory';
import { openStore } from '@symfonic/open-store';

const user = { tenant: 'acme', path: ['user:42'] };
const conversation = { tenant: 'acme', path: ['user:42', 'conversation:1'] };
const reply = (ops: unknown[]) => ({ role: 'assistant', content: JSON.stringify({ ops }) });

/**
 * Fill the store `target` names (a PGlite folder) with a user's facts (one
 * corrected, one deleted), a turn of one of their conversations, and another
 * user's fact: 4 memories (one deleted) and 1 turn under `acme`.
 */
export async function seedScopes(target: string): Promise<void> {
  const opened = await openStore(target);
  try {
    const memory = createMemory({ store: opened.store, embedder: opened.embedder });
    const provenance = { writer: 'cli-test' };
    await memory.record(conversation, { speaker: 'user', text: 'I moved to Lyon', turnId: 't1' });
    const first = await memory.remember(
      user,
      reply([
        { op: 'add', text: 'The user lives in Paris', salience: 0.95 },
        { op: 'add', text: 'The user plays the cello', salience: 0.5 },
        { op: 'add', text: 'The user dislikes olives', salience: 0.3 },
      ]),
      { provenance },
    );
    const [paris, , olives] = first.applied.map((applied) => applied.record.id);
    const refs = { '#1': paris as string, '#2': olives as string };
    await memory.remember(
      user,
      reply([
        { op: 'update', ref: '#1', text: 'The user lives in Lyon' },
        { op: 'delete', ref: '#2' },
      ]),
      { provenance, refs },
    );
    await memory.remember(
      { tenant: 'acme', path: ['user:7'] },
      reply([{ op: 'add', text: 'Another user entirely' }]),
      { provenance },
    );
  } finally {
    await opened.close();
  }
}
