import type { Person } from './life-event.js';
import type { SeededRandom } from './seeded-random.js';

const foods = [
  'pasta',
  'a green curry',
  'tacos',
  'pho',
  'dumplings',
  'lasagne',
  'falafel',
  'paella',
  'sushi',
  'pancakes',
  'lentil soup',
  'a beef stew',
  'pizza',
  'burritos',
  'shakshuka',
  'moussaka',
  'banana bread',
  'fish and chips',
];
const places = [
  'the park',
  'the market',
  'the old town',
  'the harbour',
  'the museum',
  'the cinema',
  'the library',
  'the riverside',
  'the beach',
  'the botanical garden',
  'a new bakery',
  'the climbing gym',
  'the flea market',
  'the lake',
];
const days = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'the weekend',
];
const weathers = ['rainy', 'windy', 'freezing', 'sunny', 'foggy', 'humid', 'grey', 'stormy'];
const people = [
  'my neighbour',
  'my manager',
  'my flatmate',
  'my cousin',
  'my mum',
  'my dad',
  'a colleague',
  'my landlord',
  'my old teacher',
  'my best friend',
];
const watched = [
  'a documentary about octopuses',
  'a cooking competition',
  'a football match',
  'an old western',
  'a stand-up special',
  'a nature series',
  'a heist film',
  'a quiz show',
];
const pastimes = [
  'jigsaw puzzles',
  'baking bread',
  'yoga',
  'chess',
  'crosswords',
  'sketching',
  'cycling',
  'board games',
  'pottery',
  'birdwatching',
];
const feelings = ['tired', 'busy', 'relaxed', 'stressed', 'sleepy', 'cheerful', 'restless'];

type Line = (random: SeededRandom, speaker: Person, other: Person) => string;

/** What one speaker says between events: everyday chat, some of it on the events' topics. */
const lines: readonly Line[] = [
  (r) => `The weather here has been ${r.pick(weathers)} all week, I barely left the house.`,
  (r) => `I tried making ${r.pick(foods)} on ${r.pick(days)}, it was edible at least.`,
  (r) => `Went to ${r.pick(places)} with ${r.pick(people)} on ${r.pick(days)}, it was packed.`,
  (r) => `My commute was a mess on ${r.pick(days)}, the trains were all late.`,
  (r) => `I watched ${r.pick(watched)} last night, not bad at all.`,
  (_r, _s, other) => `How is work treating you these days, ${other.name}?`,
  (r) => `Honestly ${r.pick(days)}s are the worst, so many meetings.`,
  (r) => `${capitalise(r.pick(people))} keeps asking me about ${r.pick(pastimes)}.`,
  (r) => `I've been getting into ${r.pick(pastimes)} again, it helps me switch off.`,
  (r) => `We ordered ${r.pick(foods)} from that place near ${r.pick(places)}, really good.`,
  (r) => `Haha, that sounds exactly like something ${r.pick(people)} would do.`,
  (r) => `I feel so ${r.pick(feelings)} today, no idea why.`,
  (r) => `Not much new here, mostly work and ${r.pick(pastimes)}.`,
  (r) => `${capitalise(r.pick(people))}'s dog barked all night again, I barely slept.`,
  (r) => `Do you think dogs are a lot of work? ${capitalise(r.pick(people))} wants one.`,
  (r) => `I saw people training for a race by ${r.pick(places)} this morning.`,
  (r) => `${capitalise(r.pick(people))} just changed jobs too, everyone is moving around.`,
  (r) => `Weddings are so expensive now, ${r.pick(people)} spent a fortune on theirs.`,
  (r) => `I keep looking at flights on ${r.pick(days)} nights but never book anything.`,
  (r) => `I'm reading a crime novel at the moment, it's fine, good for ${r.pick(days)} evenings.`,
  (r) => `There's a concert at ${r.pick(places)} on ${r.pick(days)} but tickets are gone.`,
  (r) => `My back hurts from sitting all ${r.pick(days)}, I need a better chair.`,
  (r) => `The rent around ${r.pick(places)} keeps going up, it's ridiculous.`,
  (r) => `I should really learn a new skill, maybe ${r.pick(pastimes)}.`,
  (r) => `My phone battery dies by lunchtime on ${r.pick(days)}s, so annoying.`,
  (r) => `I made ${r.pick(foods)} for ${r.pick(people)} and they loved it.`,
  (r) => `The gym was so full on ${r.pick(days)}, I gave up and went home.`,
  (r) => `We might repaint the bathroom at some point, it looks so ${r.pick(weathers)}.`,
  (r) => `I need to call ${r.pick(people)}, they had a doctor's appointment on ${r.pick(days)}.`,
  (r) => `Did you end up going to ${r.pick(places)} on ${r.pick(days)}?`,
  (r) => `Yes, we went to ${r.pick(places)} and had ${r.pick(foods)} after.`,
  (r) => `No, it was too ${r.pick(weathers)}, so we stayed in and watched ${r.pick(watched)}.`,
  (r) => `I've got a long week ahead, ${r.pick(days)} is packed with deadlines.`,
  (_r, _s, other) => `That's so good to hear, ${other.name}.`,
  (r) => `Oh no, that sounds stressful. Is ${r.pick(people)} helping?`,
  (r) => `Any plans for ${r.pick(days)}?`,
  (r) => `Probably ${r.pick(pastimes)} and an early night, nothing exciting.`,
  (r) => `We should meet up at ${r.pick(places)} when things calm down.`,
  (r) => `I'm trying to cook more at home, this week it's ${r.pick(foods)}.`,
  (r) => `Work has been ${r.pick(feelings)} chaos, two people quit on ${r.pick(days)}.`,
  (r) => `I found a great podcast about ${r.pick(pastimes)}, I'll send you the link.`,
  (r) => `The neighbours had a party on ${r.pick(days)} until three in the morning.`,
  (r) => `I cleaned the whole flat on ${r.pick(days)}, felt amazing.`,
  (r) => `My plants are dying again, too ${r.pick(weathers)} on the windowsill I think.`,
  (r) => `I finally fixed my bike, so I cycled to ${r.pick(places)}.`,
  (r) => `Did I tell you ${r.pick(people)} is learning to drive? Scary.`,
  (r) => `I need a holiday, even just a weekend at ${r.pick(places)}.`,
  (r) => `Same here, I've been so ${r.pick(feelings)} lately.`,
  (r) => `Haha, I laughed so hard at ${r.pick(watched)} on ${r.pick(days)}.`,
  (r) => `Let me know how it goes with ${r.pick(people)}.`,
];

const greetings: readonly Line[] = [
  (r, _s, other) => `Hey ${other.name}! Long time, how was your ${r.pick(days)}?`,
  (r, _s, other) => `Hi ${other.name}, I'm finally free. It's so ${r.pick(weathers)} here today.`,
  (_r, _s, other) => `Morning ${other.name}! Got a minute to catch up?`,
  (r, _s, other) => `${other.name}! I've been meaning to message you since ${r.pick(days)}.`,
];
const greetingReplies: readonly Line[] = [
  (r) => `Hey! Good to hear from you, I'm a bit ${r.pick(feelings)} but fine.`,
  (r) => `Hi! Yes, perfect timing, I just got back from ${r.pick(places)}.`,
  (r) => `Hello! All good here, just ${r.pick(feelings)}. How are you?`,
  (r) => `Oh hi! I was just thinking about you on ${r.pick(days)}.`,
];
const farewells: readonly Line[] = [
  (r) => `I have to run, ${r.pick(people)} is waiting. Talk soon!`,
  (_r, _s, other) => `Okay, I'll let you go. Bye ${other.name}!`,
  (r) => `Gotta go, dinner is ${r.pick(foods)} tonight. Speak soon.`,
  (r) => `Time for bed, I'm so ${r.pick(feelings)}. Night!`,
];
const farewellReplies: readonly Line[] = [
  (_r, _s, other) => `Bye ${other.name}, take care!`,
  (r) => `Talk soon, enjoy ${r.pick(days)}!`,
  () => `Night night, let's catch up again soon.`,
  (r) => `See you, say hi to ${r.pick(people)} from me.`,
];

const reactionOpeners = ['Oh wow', 'No way', 'Really', 'Ha', 'Oh', 'Wait', 'Aw', 'Honestly'];
const reactionClosers = [
  'tell me more next time.',
  'I did not see that coming.',
  'how are you feeling about it?',
  'that is quite something.',
  'keep me posted.',
  'what a week you are having.',
  'I want to hear everything.',
  'that is a lot to take in.',
];
/** What the other speaker answers to news, in words of its own: it never repeats the news. */
const reactions: readonly Line[] = [
  (r) => `${r.pick(reactionOpeners)}, ${r.pick(reactionClosers)}`,
  (r, _s, other) => `${r.pick(reactionOpeners)}, ${other.name}, ${r.pick(reactionClosers)}`,
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Which part of a session a line of small talk is for; a `reaction` answers someone's news. */
export type SmallTalkKind =
  | 'greeting'
  | 'greeting-reply'
  | 'chat'
  | 'reaction'
  | 'farewell'
  | 'farewell-reply';

const linesOf: Record<SmallTalkKind, readonly Line[]> = {
  greeting: greetings,
  'greeting-reply': greetingReplies,
  chat: lines,
  reaction: reactions,
  farewell: farewells,
  'farewell-reply': farewellReplies,
};

/**
 * One line of small talk said by `speaker` to `other`, drawn with `random`.
 *
 * @returns a sentence; never throws.
 */
export function smallTalk(
  random: SeededRandom,
  kind: SmallTalkKind,
  speaker: Person,
  other: Person,
): string {
  return random.pick(linesOf[kind])(random, speaker, other);
}
