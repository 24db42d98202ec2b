import {
  defineStructure,
  type ReplyExchange,
  type SplitStructures,
  type ThirdPersonFact,
  type TwoTurnFact,
  type WhenEvent,
} from './conversation-structure.js';

/**
 * The structures of the held-out split: other events, other words, four
 * slot sets each (one per conversation). Written by hand, with the
 * development split's, before any ranking was measured on either. Ranking
 * work is never tuned on them: they are measured to report, not to choose.
 */
export const heldOutStructures: SplitStructures = {
  replies: [
    defineStructure(
      'karaoke',
      ['Bohemian Rhapsody', 'Dancing Queen', 'Wonderwall', 'I Will Survive'],
      (song, who): ReplyExchange => ({
        ask: 'What did you sing at the karaoke night?',
        reply: `${song}, badly, but the whole room joined in.`,
        question: `What did ${who.name} sing at karaoke?`,
        answer: song,
      }),
    ),
    defineStructure(
      'anniversary-dinner',
      ['Mushroom risotto', 'Roast lamb with rosemary', 'Seafood paella', 'Beef wellington'],
      (dish, who): ReplyExchange => ({
        ask: 'What did you cook for your anniversary dinner?',
        reply: `${dish}, the way my grandmother made it.`,
        question: `What did ${who.name} cook for ${who.possessive} anniversary dinner?`,
        answer: dish,
      }),
    ),
    defineStructure(
      'charity-auction',
      [
        'A signed football shirt',
        'A weekend at a spa',
        'A hot air balloon ride',
        'A vintage typewriter',
      ],
      (item, who): ReplyExchange => ({
        ask: 'What did you win at the charity auction?',
        reply: `${item}, I got carried away with the bidding.`,
        question: `What did ${who.name} win at the charity auction?`,
        answer: item,
      }),
    ),
    defineStructure(
      'band',
      ['The Velvet Kettles', 'Northern Static', 'Paper Lanterns', 'Sofa Kings'],
      (band, who): ReplyExchange => ({
        ask: 'What is your band called now?',
        reply: `${band}. The drummer came up with it.`,
        question: `What is the name of ${who.name}'s band?`,
        answer: band,
      }),
    ),
    defineStructure(
      'football-team',
      ['Everton', 'Celtic', 'Feyenoord', 'Napoli'],
      (team, who): ReplyExchange => ({
        ask: 'Which team do you support these days?',
        reply: `${team}, sadly. Every season breaks my heart.`,
        question: `Which team does ${who.name} support?`,
        answer: team,
      }),
    ),
    defineStructure(
      'language-app',
      ['Portuguese', 'Korean', 'Greek', 'Turkish'],
      (language, who): ReplyExchange => ({
        ask: 'What language are you picking up with that app?',
        reply: `${language}, fifteen minutes every morning on the bus.`,
        question: `What language is ${who.name} learning with the app?`,
        answer: language,
      }),
    ),
    defineStructure(
      'tattoo',
      ['A small swallow', 'A compass rose', 'A sprig of lavender', 'A fox curled asleep'],
      (design, who): ReplyExchange => ({
        ask: 'What did you get tattooed in the end?',
        reply: `${design} on my shoulder. It hurt more than I expected.`,
        question: `What tattoo did ${who.name} get?`,
        answer: design,
      }),
    ),
    defineStructure(
      'attic',
      [
        'A box of love letters',
        'An old film camera',
        "My granddad's medals",
        'A wooden rocking horse',
      ],
      (thing, who): ReplyExchange => ({
        ask: 'What did you find in the attic?',
        reply: `${thing}, covered in dust, from the sixties.`,
        question: `What did ${who.name} find in the attic?`,
        answer: thing,
      }),
    ),
    defineStructure(
      'coffee-swap',
      ['Mint tea', 'Hot chocolate with oat milk', 'Rooibos', 'Chai'],
      (drink, who): ReplyExchange => ({
        ask: 'What are you drinking instead of coffee now?',
        reply: `${drink}, and I sleep so much better.`,
        question: `What is ${who.name} drinking instead of coffee?`,
        answer: drink,
      }),
    ),
    defineStructure(
      'fancy-dress',
      ['A pirate', 'A knight', 'Joan of Arc', 'A samurai'],
      (costume, who): ReplyExchange => ({
        ask: 'What did you dress up as for the fancy dress party?',
        reply: `${costume}, complete with a cardboard sword.`,
        question: `What did ${who.name} dress up as for the party?`,
        answer: costume,
      }),
    ),
  ],
  whenEvents: [
    defineStructure(
      'flu-jab',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I keep forgetting to get my flu jab.',
        happened: (when) => `Got my flu jab ${when}, my arm is still sore.`,
        after: 'Is your arm okay after the flu jab?',
        question: `When did ${who.name} get ${who.possessive} flu jab?`,
      }),
    ),
    defineStructure(
      'stolen-bike',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I locked my bike outside the station again, risky.',
        happened: (when) => `My bike got stolen outside the station ${when}, I am furious.`,
        after: 'Did the police ever find your bike?',
        question: `When was ${who.name}'s bike stolen?`,
      }),
    ),
    defineStructure(
      'museum-interview',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I have an interview at the museum coming up.',
        happened: (when) => `The interview at the museum was ${when}, I think it went well.`,
        after: 'Any news from the museum about the interview?',
        question: `When did ${who.name} have the interview at the museum?`,
      }),
    ),
    defineStructure(
      'proposal',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I am nervous about proposing, the ring is hidden in my sock drawer.',
        happened: (when) => `I proposed on the pier ${when}, and the answer was yes!`,
        after: 'Have you set a date now that you are engaged?',
        question: `When did ${who.name} propose?`,
      }),
    ),
    defineStructure(
      'power-cut',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'The lights keep flickering in our building, the power is so unreliable.',
        happened: (when) => `We had a power cut ${when}, the whole street went dark.`,
        after: 'Did the power come back for good after the cut?',
        question: `When did ${who.name} have a power cut?`,
      }),
    ),
    defineStructure(
      'skydive',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I booked a skydive for my birthday, what was I thinking.',
        happened: (when) => `I did the skydive ${when}, my legs were shaking for an hour after.`,
        after: 'Would you ever do another skydive?',
        question: `When did ${who.name} do the skydive?`,
      }),
    ),
  ],
  twoTurnFacts: [
    defineStructure(
      'uncle-sailing',
      [
        { name: 'Desmond', place: 'the Hebrides' },
        { name: 'Henrik', place: 'the Baltic' },
        { name: 'Ciaran', place: 'the Canaries' },
        { name: 'Pieter', place: 'the Frisian islands' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My uncle ${s.name} is retiring after thirty years on the ferries.`,
        second: `${s.name} plans to sail around ${s.place} in his own boat.`,
        question: `Where does ${who.name}'s uncle want to sail?`,
        answer: s.place,
      }),
    ),
    defineStructure(
      'flatmate-cooking',
      [
        { name: 'Zofia', food: 'a huge pot of bigos' },
        { name: 'Amir', food: 'saffron rice with chicken' },
        { name: 'Rosa', food: 'enchiladas' },
        { name: 'Tariq', food: 'a lamb tagine' },
      ],
      (s, who): TwoTurnFact => ({
        first: `We have a new flatmate, ${s.name}, a nurse on night shifts.`,
        second: `${s.name} cooked us ${s.food} on Sunday, what a treat.`,
        question: `What did ${who.name}'s new flatmate cook?`,
        answer: s.food,
      }),
    ),
    defineStructure(
      'godson-club',
      [
        { name: 'Ezra', club: 'chess' },
        { name: 'Louis', club: 'robotics' },
        { name: 'Ravi', club: 'drama' },
        { name: 'Oscar', club: 'rowing' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My godson ${s.name} started secondary school.`,
        second: `${s.name} joined the ${s.club} club and talks about nothing else.`,
        question: `Which club did ${who.name}'s godson join?`,
        answer: s.club,
      }),
    ),
    defineStructure(
      'aunt-trip',
      [
        { name: 'Maureen', place: 'New Zealand' },
        { name: 'Brigitte', place: 'Patagonia' },
        { name: 'Dolores', place: 'Japan' },
        { name: 'Agnes', place: 'Iceland' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My aunt ${s.name} finally retired from the bakery.`,
        second: `${s.name} is spending the money on a trip to ${s.place}.`,
        question: `Where is ${who.name}'s aunt travelling?`,
        answer: s.place,
      }),
    ),
    defineStructure(
      'team-lead-tool',
      [
        { name: 'Saskia', tool: 'Python' },
        { name: 'Harriet', tool: 'Excel macros' },
        { name: 'Yara', tool: 'Figma' },
        { name: 'Ottilie', tool: 'SQL' },
      ],
      (s, who): TwoTurnFact => ({
        first: `Our team lead is ${s.name}, she joined from a startup.`,
        second: `${s.name} wants us all to pick up ${s.tool} before the summer.`,
        question: `What does ${who.name}'s team lead want the team to learn?`,
        answer: s.tool,
      }),
    ),
    defineStructure(
      'grandad-party',
      [
        { name: 'Albert', venue: 'the cricket club' },
        { name: 'Walter', venue: 'a pub by the canal' },
        { name: 'Stanley', venue: 'the village hall' },
        { name: 'Eamon', venue: 'a boat on the river' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My grandad ${s.name} is turning ninety in the spring.`,
        second: `For ${s.name} we booked ${s.venue}, the whole family is coming.`,
        question: `Where is the celebration for ${who.name}'s grandad?`,
        answer: s.venue,
      }),
    ),
  ],
  thirdPersonFacts: [
    defineStructure(
      'ladder-fall',
      [
        { bone: 'wrist', echo: 'arm' },
        { bone: 'ankle', echo: 'collarbone' },
        { bone: 'little finger', echo: 'toe' },
        { bone: 'elbow', echo: 'nose' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I broke my ${s.bone} falling off a ladder, so no typing for a while.`,
        echo: `I broke my ${s.echo} falling off a ladder as a kid.`,
        question: `What did ${who.name} break falling off a ladder?`,
        answer: s.bone,
      }),
    ),
    defineStructure(
      'quitting',
      [
        { habit: 'smoking', echo: 'sugar' },
        { habit: 'coffee', echo: 'social media' },
        { habit: 'energy drinks', echo: 'chocolate' },
        { habit: 'late-night snacking', echo: 'video games' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I quit ${s.habit} three weeks ago, not a single slip.`,
        echo: `Good for you, ${who.name}. I quit ${s.echo} once for a whole year.`,
        question: `What did ${who.name} quit?`,
        answer: s.habit,
      }),
    ),
    defineStructure(
      'supermarket-meeting',
      [
        { person: 'my first boyfriend', echo: 'my old piano teacher' },
        { person: 'my primary school teacher', echo: 'an ex' },
        { person: 'my old flatmate from university', echo: 'my former boss' },
        { person: 'my childhood best friend', echo: 'a cousin I never see' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I ran into ${s.person} at the supermarket, after ten years!`,
        echo: `I ran into ${s.echo} at the supermarket once, small world.`,
        question: `Who did ${who.name} run into at the supermarket?`,
        answer: s.person,
      }),
    ),
    defineStructure(
      'online-sale',
      [
        { thing: 'old guitar', echo: 'camera' },
        { thing: 'rowing machine', echo: 'sofa' },
        { thing: 'wedding dress', echo: 'bike' },
        { thing: 'comic collection', echo: 'laptop' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I sold my ${s.thing} online, it went in an hour.`,
        echo: `Funny, ${who.name}, I sold my ${s.echo} online last year for next to nothing.`,
        question: `What did ${who.name} sell online?`,
        answer: s.thing,
      }),
    ),
    defineStructure(
      'community-centre',
      [
        { group: 'a choir', echo: 'a knitting circle' },
        { group: 'a chess club', echo: 'a book club' },
        { group: 'a running group', echo: 'a pottery class' },
        { group: 'a repair cafe', echo: 'a film society' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I joined ${s.group} at the community centre, everyone is lovely.`,
        echo: `I joined ${s.echo} at the community centre once, lasted a month.`,
        question: `What did ${who.name} join at the community centre?`,
        answer: s.group,
      }),
    ),
    defineStructure(
      'binge-watching',
      [
        { show: 'a Danish crime series', echo: 'a baking show' },
        { show: 'a space opera', echo: 'a hospital drama' },
        { show: 'a Korean romance', echo: 'a true crime series' },
        { show: 'an old sitcom', echo: 'a wildlife series' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I binged ${s.show} in one weekend, no regrets.`,
        echo: `I binged ${s.echo} in one weekend last month, so good.`,
        question: `Which series did ${who.name} binge in one weekend?`,
        answer: s.show,
      }),
    ),
  ],
};
