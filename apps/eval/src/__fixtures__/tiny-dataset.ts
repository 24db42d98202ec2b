import type { EvalDataset } from '../eval-dataset.js';

/**
 * A data set small enough to check every figure by hand: conversation `a`
 * has a turn said twice (merged by the store), conversation `b` shares a word
 * with `a` (a leak across scopes would show), and question `a/q3` shares no
 * word with its evidence (full text cannot find it).
 */
export const tinyDataset: EvalDataset = {
  name: 'tiny',
  conversations: [
    {
      id: 'a',
      speakers: ['Ann', 'Ben'],
      sessions: [
        {
          number: 1,
          date: '1 March 2024',
          turns: [
            { id: 'D1:1', speaker: 'Ann', text: 'Hi Ben, how are you?' },
            {
              id: 'D1:2',
              speaker: 'Ben',
              text: 'Fine thanks. I adopted a greyhound called Comet.',
            },
            { id: 'D1:3', speaker: 'Ann', text: 'Lovely!' },
            {
              id: 'D1:4',
              speaker: 'Ben',
              text: 'Fine thanks. I adopted a greyhound called Comet.',
            },
          ],
        },
        {
          number: 2,
          date: '8 March 2024',
          turns: [
            { id: 'D2:1', speaker: 'Ann', text: 'My sister moved to Lisbon.' },
            { id: 'D2:2', speaker: 'Ben', text: 'Lisbon is beautiful in spring.' },
          ],
        },
      ],
    },
    {
      id: 'b',
      speakers: ['Cat', 'Dan'],
      sessions: [
        {
          number: 1,
          turns: [
            { id: 'D1:1', speaker: 'Cat', text: 'I adopted a greyhound too.' },
            { id: 'D1:2', speaker: 'Dan', text: 'Nice.' },
          ],
        },
      ],
    },
  ],
  questions: [
    {
      id: 'a/q1',
      conversationId: 'a',
      category: 'single-hop',
      question: 'What is the greyhound called?',
      evidence: ['D1:2'],
    },
    {
      id: 'a/q2',
      conversationId: 'a',
      category: 'single-hop',
      question: "Where did Ann's sister move?",
      evidence: ['D2:1'],
    },
    {
      id: 'a/q3',
      conversationId: 'a',
      category: 'multi-hop',
      question: 'Which pet, which city?',
      evidence: ['D1:2', 'D2:1'],
    },
    {
      id: 'a/q4',
      conversationId: 'a',
      category: 'multi-hop',
      question: 'Lisbon',
      evidence: ['D2:1', 'D2:2'],
    },
    {
      id: 'b/q1',
      conversationId: 'b',
      category: 'single-hop',
      question: 'greyhound',
      evidence: ['D1:1'],
    },
  ],
};
