/** One session of the scripted conversation: a conversation id and what the user says, in order. */
export interface ScriptedSession {
  readonly conversation: string;
  readonly title: string;
  readonly messages: readonly string[];
}

/** The demo's tenant, its main user, and a second user whose memories must never show up for the first. */
export const demoTenant = 'demo';
export const demoUser = 'user:ada';
export const otherUser = 'user:bob';

/**
 * Three sessions for one user. Session 1 tells facts, session 2 chats about
 * other things and corrects one fact, session 3 asks about them: the answers
 * there come only from memory.
 */
export const adaSessions: readonly ScriptedSession[] = [
  {
    conversation: 'conversation:1',
    title: 'Session 1: getting to know each other',
    messages: [
      "Hi! I'm Ada and I live in Lisbon.",
      "I'm allergic to peanuts, so please keep that in mind.",
      'My favourite season is autumn.',
      'Today I started a pottery class.',
    ],
  },
  {
    conversation: 'conversation:2',
    title: 'Session 2: small talk, and a correction',
    messages: [
      'Today I visited the aquarium with my nephew.',
      'My favourite colour is teal.',
      'Big news: I moved to Porto last month.',
      'I work as a ceramicist these days.',
      'Yesterday I cooked caldo verde for my neighbours.',
    ],
  },
  {
    conversation: 'conversation:3',
    title: 'Session 3: what do you remember?',
    messages: [
      'Where do I live now?',
      'Any snack ideas for my hike?',
      "What's my name, by the way?",
    ],
  },
];

/** What the second user says, in one session of their own. */
export const bobSession: ScriptedSession = {
  conversation: 'conversation:1',
  title: "Another user's session (must never reach Ada)",
  messages: ["I'm Bob and I live in Berlin.", "I'm allergic to shellfish."],
};
