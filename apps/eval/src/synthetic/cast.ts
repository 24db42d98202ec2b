import type { Person } from './life-event.js';

/** The two speakers of one synthetic conversation and the day of its first session. */
export interface ConversationCast {
  readonly id: string;
  readonly speakers: readonly [Person, Person];
  /** The first session's day, `YYYY-MM-DD`. */
  readonly start: string;
}

/** A speaker who is `she`. */
export const she = (name: string): Person => ({
  name,
  pronoun: 'she',
  object: 'her',
  possessive: 'her',
});
/** A speaker who is `he`. */
export const he = (name: string): Person => ({
  name,
  pronoun: 'he',
  object: 'him',
  possessive: 'his',
});

/** The five synthetic conversations: who talks, and from when. */
export const cast: readonly ConversationCast[] = [
  { id: 'conversation-1', speakers: [she('Maya'), he('Jonas')], start: '2023-01-08' },
  { id: 'conversation-2', speakers: [he('Tomasz'), she('Priya')], start: '2023-02-12' },
  { id: 'conversation-3', speakers: [she('Elena'), he('Marcus')], start: '2022-09-04' },
  { id: 'conversation-4', speakers: [he('Daniel'), she('Aiko')], start: '2023-04-02' },
  { id: 'conversation-5', speakers: [she('Sofia'), he('Kwame')], start: '2022-11-20' },
];
