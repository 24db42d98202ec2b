import {
  defineStructure,
  type ReplyExchange,
  type SplitStructures,
  type ThirdPersonFact,
  type TwoTurnFact,
  type WhenEvent,
} from './conversation-structure.js';

/**
 * The structures of the second held-out split: other events, other words,
 * four slot sets for each kind with slots (one per conversation). Written
 * after the first held-out split had been read to choose a hybrid fusion,
 * and before any ranking was measured on them, so that a fusion chosen on
 * the other splits is measured on questions it was not chosen on.
 */
export const secondHeldOutStructures: SplitStructures = {
  replies: [
    defineStructure(
      'pottery-class',
      ['A wonky teapot', 'Two blue mugs', 'A fruit bowl with a crack', 'A vase for tulips'],
      (piece, who): ReplyExchange => ({
        ask: 'What did you make at your pottery class?',
        reply: `${piece}. My hands were grey with clay for days.`,
        question: `What did ${who.name} make at pottery class?`,
        answer: piece,
      }),
    ),
    defineStructure(
      'book-club',
      ['Middlemarch', 'The Remains of the Day', 'Rebecca', 'Beloved'],
      (book, who): ReplyExchange => ({
        ask: 'Which novel is your book club reading this month?',
        reply: `${book}. Slow start, yet I cannot put it down now.`,
        question: `Which novel is ${who.name}'s book club reading?`,
        answer: book,
      }),
    ),
    defineStructure(
      'garden-vegetable',
      ['Courgettes', 'Runner beans', 'Purple carrots', 'Cherry tomatoes'],
      (crop, who): ReplyExchange => ({
        ask: 'What are you growing in your vegetable garden this year?',
        reply: `${crop}, far too many of them, help me eat them.`,
        question: `What is ${who.name} growing in the vegetable garden?`,
        answer: crop,
      }),
    ),
    defineStructure(
      'new-car',
      ['A red hatchback', 'An electric estate', 'A second-hand camper van', 'A tiny city runabout'],
      (car, who): ReplyExchange => ({
        ask: 'What car did you buy in the end?',
        reply: `${car}. Parking it is still a nightmare.`,
        question: `What car did ${who.name} buy?`,
        answer: car,
      }),
    ),
    defineStructure(
      'wedding-speech',
      ['The best man', 'The father of the bride', 'The maid of honour', 'The groom himself'],
      (speaker, who): ReplyExchange => ({
        ask: 'Who gave the funniest speech at the wedding?',
        reply: `${speaker}, no contest. I cried laughing.`,
        question: `Who gave the funniest speech at the wedding ${who.name} went to?`,
        answer: speaker,
      }),
    ),
    defineStructure(
      'board-game',
      ['Catan', 'Ticket to Ride', 'Scrabble', 'Pandemic'],
      (game, who): ReplyExchange => ({
        ask: 'Which board game do you play on family nights?',
        reply: `${game}, and my brother always cheats.`,
        question: `Which board game does ${who.name} play on family nights?`,
        answer: game,
      }),
    ),
    defineStructure(
      'concert',
      ['Coldplay', 'Adele', 'The Rolling Stones', 'Arctic Monkeys'],
      (act, who): ReplyExchange => ({
        ask: 'Who did you see in concert at the stadium?',
        reply: `${act}. We queued from noon for the front row.`,
        question: `Who did ${who.name} see in concert at the stadium?`,
        answer: act,
      }),
    ),
    defineStructure(
      'pet-name',
      ['Biscuit', 'Pickles', 'Mr Whiskers', 'Noodle'],
      (name, who): ReplyExchange => ({
        ask: 'What did you name the kitten?',
        reply: `${name}. The kids voted on it.`,
        question: `What did ${who.name} name the kitten?`,
        answer: name,
      }),
    ),
    defineStructure(
      'hiking-trail',
      ['The Pennine Way', 'The West Highland Way', 'The Camino', 'The Cotswold Way'],
      (trail, who): ReplyExchange => ({
        ask: 'Which long-distance hiking trail are you walking this summer?',
        reply: `${trail}, a fortnight with a heavy rucksack.`,
        question: `Which hiking trail is ${who.name} walking this summer?`,
        answer: trail,
      }),
    ),
    defineStructure(
      'bake-off',
      ['A lemon drizzle', 'A carrot cake', 'Chocolate brownies', 'A Victoria sponge'],
      (cake, who): ReplyExchange => ({
        ask: 'What did you bake for the office bake-off?',
        reply: `${cake}. It vanished by ten in the morning.`,
        question: `What did ${who.name} bake for the office bake-off?`,
        answer: cake,
      }),
    ),
  ],
  whenEvents: [
    defineStructure(
      'driving-test',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'My driving test is coming up and I keep stalling the car.',
        happened: (when) => `I passed my driving test ${when}, first time!`,
        after: 'Have you driven anywhere on your own since the driving test?',
        question: `When did ${who.name} pass the driving test?`,
      }),
    ),
    defineStructure(
      'broken-wrist',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I slipped on the ice outside and my wrist has been aching.',
        happened: (when) => `I broke my wrist ${when} falling off a ladder.`,
        after: 'How is your wrist healing after the break?',
        question: `When did ${who.name} break a wrist?`,
      }),
    ),
    defineStructure(
      'house-move',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'We are packing boxes for the move, the house is chaos.',
        happened: (when) => `We moved house ${when}, I cannot find a single spoon.`,
        after: 'Have you unpacked everything since the house move?',
        question: `When did ${who.name} move house?`,
      }),
    ),
    defineStructure(
      'marathon',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'Training for the marathon is wrecking my knees.',
        happened: (when) => `I ran the marathon ${when}, my toes are black.`,
        after: 'Are your legs recovered after the marathon?',
        question: `When did ${who.name} run the marathon?`,
      }),
    ),
    defineStructure(
      'job-offer',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I am waiting to hear back about the job at the bank.',
        happened: (when) => `The bank offered me the job ${when}, I start soon.`,
        after: 'How are you finding the new job at the bank?',
        question: `When was ${who.name} offered the job at the bank?`,
      }),
    ),
    defineStructure(
      'flood',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'The river near us is rising with all this rain.',
        happened: (when) => `Our kitchen flooded ${when}, the river came right in.`,
        after: 'Has the kitchen dried out after the flood?',
        question: `When did ${who.name}'s kitchen flood?`,
      }),
    ),
  ],
  twoTurnFacts: [
    defineStructure(
      'nephew-instrument',
      [
        { name: 'Theo', instrument: 'the cello' },
        { name: 'Milo', instrument: 'the trumpet' },
        { name: 'Jonah', instrument: 'the drums' },
        { name: 'Idris', instrument: 'the violin' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My nephew ${s.name} turned ten and wants lessons of some kind.`,
        second: `${s.name} is learning ${s.instrument} and practises at dawn.`,
        question: `Which instrument is ${who.name}'s nephew learning?`,
        answer: s.instrument,
      }),
    ),
    defineStructure(
      'neighbour-business',
      [
        { name: 'Gloria', shop: 'a bakery' },
        { name: 'Viktor', shop: 'a bike repair shop' },
        { name: 'Shanti', shop: 'a florist' },
        { name: 'Bernard', shop: 'a record shop' },
      ],
      (s, who): TwoTurnFact => ({
        first: `Our neighbour ${s.name} was made redundant last spring.`,
        second: `${s.name} opened ${s.shop} on the high street with the payout.`,
        question: `What did ${who.name}'s neighbour open?`,
        answer: s.shop,
      }),
    ),
    defineStructure(
      'sister-degree',
      [
        { name: 'Leonie', subject: 'veterinary science' },
        { name: 'Ayesha', subject: 'architecture' },
        { name: 'Greta', subject: 'marine biology' },
        { name: 'Imogen', subject: 'law' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My little sister ${s.name} got her exam results.`,
        second: `${s.name} is off to study ${s.subject} in the autumn.`,
        question: `What is ${who.name}'s sister going to study?`,
        answer: s.subject,
      }),
    ),
    defineStructure(
      'grandad-hobby',
      [
        { name: 'Walter', hobby: 'beekeeping' },
        { name: 'Alfred', hobby: 'model railways' },
        { name: 'Cyril', hobby: 'bowls' },
        { name: 'Norman', hobby: 'watercolours' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My grandad ${s.name} is bored since he stopped working.`,
        second: `${s.name} took up ${s.hobby} and fills the shed with it.`,
        question: `What hobby did ${who.name}'s grandad take up?`,
        answer: s.hobby,
      }),
    ),
    defineStructure(
      'colleague-move',
      [
        { name: 'Dominika', city: 'Lisbon' },
        { name: 'Suki', city: 'Toronto' },
        { name: 'Elspeth', city: 'Melbourne' },
        { name: 'Katja', city: 'Berlin' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My colleague ${s.name} handed in her notice today.`,
        second: `${s.name} is relocating to ${s.city} for her partner.`,
        question: `Where is ${who.name}'s colleague relocating to?`,
        answer: s.city,
      }),
    ),
    defineStructure(
      'cousin-wedding',
      [
        { name: 'Rupert', venue: 'a castle in Scotland' },
        { name: 'Declan', venue: 'a barn in Devon' },
        { name: 'Tobias', venue: 'a vineyard in Tuscany' },
        { name: 'Gideon', venue: 'a beach in Cornwall' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My cousin ${s.name} got engaged over the holidays.`,
        second: `${s.name} booked ${s.venue} for the big day.`,
        question: `Where is ${who.name}'s cousin getting married?`,
        answer: s.venue,
      }),
    ),
  ],
  thirdPersonFacts: [
    defineStructure(
      'volunteering',
      [
        { place: 'the animal shelter', echo: 'a food bank' },
        { place: 'the hospice shop', echo: 'the library' },
        { place: 'a soup kitchen', echo: 'a youth club' },
        { place: 'the community garden', echo: 'a care home' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I volunteer at ${s.place} on Saturdays now.`,
        echo: `That is lovely, ${who.name}. I used to volunteer at ${s.echo}.`,
        question: `Where does ${who.name} volunteer?`,
        answer: s.place,
      }),
    ),
    defineStructure(
      'allergy',
      [
        { allergen: 'shellfish', echo: 'pollen' },
        { allergen: 'cats', echo: 'dust' },
        { allergen: 'penicillin', echo: 'wasps' },
        { allergen: 'kiwi fruit', echo: 'horses' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I am allergic to ${s.allergen}, the doctor confirmed it.`,
        echo: `I am allergic to ${s.echo} myself, it is miserable.`,
        question: `What is ${who.name} allergic to?`,
        answer: s.allergen,
      }),
    ),
    defineStructure(
      'phobia',
      [
        { fear: 'spiders', echo: 'heights' },
        { fear: 'deep water', echo: 'clowns' },
        { fear: 'flying', echo: 'needles' },
        { fear: 'lifts', echo: 'the dark' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I have always been scared of ${s.fear}, since I was small.`,
        echo: `I am scared of ${s.echo}, so I understand.`,
        question: `What is ${who.name} scared of?`,
        answer: s.fear,
      }),
    ),
    defineStructure(
      'evening-class',
      [
        { course: 'Spanish', echo: 'salsa dancing' },
        { course: 'woodwork', echo: 'photography' },
        { course: 'creative writing', echo: 'first aid' },
        { course: 'life drawing', echo: 'Italian cooking' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I signed up for an evening class in ${s.course} at the college.`,
        echo: `I took an evening class in ${s.echo} once, great fun.`,
        question: `What evening class did ${who.name} sign up for?`,
        answer: s.course,
      }),
    ),
    defineStructure(
      'lost-item',
      [
        { item: 'my wedding ring', echo: 'my passport' },
        { item: 'my grandmother’s watch', echo: 'my car keys' },
        { item: 'my phone', echo: 'a good umbrella' },
        { item: 'my wallet', echo: 'my glasses' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I lost ${s.item} on the train and I am gutted.`,
        echo: `I lost ${s.echo} on a train once, it never turned up.`,
        question: `What did ${who.name} lose on the train?`,
        answer: s.item,
      }),
    ),
    defineStructure(
      'record',
      [
        { feat: 'swam a mile without stopping', echo: 'ran five miles' },
        { feat: 'did twenty press-ups in a row', echo: 'held a plank for two minutes' },
        { feat: 'climbed the hardest wall at the gym', echo: 'cycled up the big hill' },
        { feat: 'finished the crossword in ten minutes', echo: 'solved a sudoku in five' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I ${s.feat} this week, a proud moment.`,
        echo: `I ${s.echo} one week and was proud for days.`,
        question: `What was ${who.name} proud of doing this week?`,
        answer: s.feat,
      }),
    ),
  ],
};
