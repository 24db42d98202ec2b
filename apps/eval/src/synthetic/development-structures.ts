import {
  defineStructure,
  type ReplyExchange,
  type SplitStructures,
  type ThirdPersonFact,
  type TwoTurnFact,
  type WhenEvent,
} from './conversation-structure.js';

/**
 * The structures of the development split, four slot sets each (one per
 * conversation). Written by hand, with the held-out split's, before any
 * ranking was measured on either; ranking work may be tuned on these, never
 * on the held-out ones.
 */
export const developmentStructures: SplitStructures = {
  replies: [
    defineStructure(
      'painting',
      [
        'A sunset over the lake',
        'The old lighthouse at dusk',
        'A bowl of lemons on our kitchen table',
        "My grandmother's garden in spring",
      ],
      (what, who): ReplyExchange => ({
        ask: 'So what did you end up painting?',
        reply: `${what}, it took me the whole weekend.`,
        question: `What did ${who.name} paint?`,
        answer: what,
      }),
    ),
    defineStructure(
      'party-bake',
      [
        'A lemon drizzle cake',
        'Cinnamon rolls with cardamom',
        'A chocolate tart',
        'Two trays of brownies',
      ],
      (what, who): ReplyExchange => ({
        ask: 'What did you bake for the party in the end?',
        reply: `${what}, and there was nothing left by ten.`,
        question: `What did ${who.name} bake for the party?`,
        answer: what,
      }),
    ),
    defineStructure(
      'dad-present',
      ['a fishing rod', 'a record player', 'a good pair of walking boots', 'a bread maker'],
      (what, who): ReplyExchange => ({
        ask: 'What are you getting your dad for his birthday?',
        reply: `Probably ${what}, he has been hinting for months.`,
        question: `What is ${who.name} getting ${who.possessive} dad for his birthday?`,
        answer: what,
      }),
    ),
    defineStructure(
      'kitten-name',
      ['Marmalade', 'Clementine', 'Ginger', 'Tango'],
      (name, who): ReplyExchange => ({
        ask: 'What are you calling the new kitten?',
        reply: `${name}, because of the orange patch on her nose.`,
        question: `What is ${who.name}'s new kitten called?`,
        answer: name,
      }),
    ),
    defineStructure(
      'train-book',
      [
        'Middlemarch',
        'A biography of Ada Lovelace',
        'The Count of Monte Cristo',
        'A thriller set in Oslo',
      ],
      (book, who): ReplyExchange => ({
        ask: 'What are you reading on the train these days?',
        reply: `${book}, I honestly cannot put it away.`,
        question: `What is ${who.name} reading on the train?`,
        answer: book,
      }),
    ),
    defineStructure(
      'evening-course',
      ['Accounting', 'Italian', 'Web design', 'Art history'],
      (subject, who): ReplyExchange => ({
        ask: 'What did you decide to study in that evening course?',
        reply: `${subject}, believe it or not. Twice a week after work.`,
        question: `What is ${who.name} studying in the evening course?`,
        answer: subject,
      }),
    ),
    defineStructure(
      'summer-holiday',
      ['Cornwall', 'Brittany', 'The Algarve', 'Sardinia'],
      (place, who): ReplyExchange => ({
        ask: 'Where are you going on holiday this summer?',
        reply: `${place}, we found a cheap cottage near the coast.`,
        question: `Where is ${who.name} going on holiday this summer?`,
        answer: place,
      }),
    ),
    defineStructure(
      'ramen-order',
      [
        'The spicy miso bowl with an extra egg',
        'Tonkotsu with bamboo shoots',
        'A vegetarian shoyu bowl',
        'Cold noodles with sesame',
      ],
      (dish, who): ReplyExchange => ({
        ask: 'What did you order at that new ramen place?',
        reply: `${dish}. Best thing I have eaten all month.`,
        question: `What did ${who.name} order at the ramen place?`,
        answer: dish,
      }),
    ),
    defineStructure(
      'allotment',
      [
        'Tomatoes and courgettes',
        'Potatoes and leeks',
        'Broad beans and peas',
        'Strawberries and rhubarb',
      ],
      (crops, who): ReplyExchange => ({
        ask: 'What did you plant in the allotment?',
        reply: `${crops}, and a row of sunflowers for the bees.`,
        question: `What did ${who.name} plant in the allotment?`,
        answer: crops,
      }),
    ),
    defineStructure(
      'garage-project',
      ['A wooden canoe', 'A bookshelf for the hallway', 'A treehouse for my nephew', 'A workbench'],
      (thing, who): ReplyExchange => ({
        ask: 'What are you building in the garage every weekend?',
        reply: `${thing}. Slow going, but the frame is done.`,
        question: `What is ${who.name} building in the garage?`,
        answer: thing,
      }),
    ),
  ],
  whenEvents: [
    defineStructure(
      'dentist',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I really need to book the dentist, this tooth is killing me.',
        happened: (when) =>
          `Got the tooth sorted at the dentist ${when}, two fillings and a numb face.`,
        after: 'Is your tooth better since the dentist?',
        question: `When did ${who.name} go to the dentist?`,
      }),
    ),
    defineStructure(
      'haircut',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I look like a sheepdog, I need a haircut badly.',
        happened: (when) => `Finally had my hair cut short ${when}, my head feels so light.`,
        after: 'Do you still like the short haircut?',
        question: `When did ${who.name} get ${who.possessive} haircut?`,
      }),
    ),
    defineStructure(
      'driving-test',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'My driving test is coming up and I am terrified.',
        happened: (when) => `I passed my driving test ${when}, first try!`,
        after: 'How does it feel to drive on your own now that you passed?',
        question: `When did ${who.name} pass ${who.possessive} driving test?`,
      }),
    ),
    defineStructure(
      'mahler-concert',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I got tickets to hear the orchestra play Mahler, I cannot wait.',
        happened: (when) => `The Mahler concert was ${when}, I cried in the slow movement.`,
        after: 'Are you still humming Mahler after that concert?',
        question: `When did ${who.name} go to the Mahler concert?`,
      }),
    ),
    defineStructure(
      'moving-day',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'We are packing boxes every evening, the move is close now.',
        happened: (when) => `We moved into the new flat ${when}, boxes everywhere.`,
        after: 'Have you unpacked all the boxes since the move?',
        question: `When did ${who.name} move into the new flat?`,
      }),
    ),
    defineStructure(
      'blood-donation',
      [{}],
      (_slots, who): WhenEvent => ({
        before: 'I signed up to give blood at the town hall.',
        happened: (when) => `I gave blood for the first time ${when}, I only felt a little dizzy.`,
        after: 'Did you feel okay after giving blood?',
        question: `When did ${who.name} give blood for the first time?`,
      }),
    ),
  ],
  twoTurnFacts: [
    defineStructure(
      'cousin-flat',
      [
        { name: 'Ines', town: 'Hove' },
        { name: 'Tobias', town: 'Ghent' },
        { name: 'Sanne', town: 'Delft' },
        { name: 'Rory', town: 'Galway' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My cousin ${s.name} is moving back from Canada.`,
        second: `${s.name} found a place in ${s.town}, so close to me!`,
        question: `Where did ${who.name}'s cousin find a place to live?`,
        answer: s.town,
      }),
    ),
    defineStructure(
      'colleague-food',
      [
        { name: 'Bruno', food: 'focaccia' },
        { name: 'Leila', food: 'baklava' },
        { name: 'Kenji', food: 'onigiri' },
        { name: 'Marta', food: 'pierogi' },
      ],
      (s, who): TwoTurnFact => ({
        first: `There is a new colleague on my team, ${s.name}, who used to be a chef.`,
        second: `${s.name} brought homemade ${s.food} in this morning, everyone went mad for it.`,
        question: `What did ${who.name}'s new colleague bring to the office?`,
        answer: s.food,
      }),
    ),
    defineStructure(
      'neighbour-trip',
      [
        { name: 'Greta', place: 'Lisbon' },
        { name: 'Nour', place: 'Marrakesh' },
        { name: 'Wendy', place: 'Tasmania' },
        { name: 'Ilse', place: 'Crete' },
      ],
      (s, who): TwoTurnFact => ({
        first: `Our new neighbour is called ${s.name}, she has three cats.`,
        second: `${s.name} asked me to water her plants while she is in ${s.place}.`,
        question: `Where is ${who.name}'s new neighbour travelling?`,
        answer: s.place,
      }),
    ),
    defineStructure(
      'friend-speech',
      [
        { name: 'Olly', story: 'the lost tent in Wales' },
        { name: 'Femi', story: 'the night bus to Brighton' },
        { name: 'Jakub', story: 'the goat at the farm stay' },
        { name: 'Dev', story: 'the burnt Christmas turkey' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My oldest friend ${s.name} asked me to give a speech at the wedding.`,
        second: `${s.name} wants it under five minutes and insists on ${s.story}.`,
        question: `Which story must ${who.name} tell in the speech for ${who.possessive} oldest friend?`,
        answer: s.story,
      }),
    ),
    defineStructure(
      'nephew-present',
      [
        { name: 'Milo', gift: 'a telescope' },
        { name: 'Arlo', gift: 'a drum kit' },
        { name: 'Theo', gift: 'a chemistry set' },
        { name: 'Finn', gift: 'a skateboard' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My nephew ${s.name} turns eight next week.`,
        second: `We got ${s.name} ${s.gift}, he is going to lose his mind.`,
        question: `What present did ${who.name} get ${who.possessive} nephew?`,
        answer: s.gift,
      }),
    ),
    defineStructure(
      'manager-replacement',
      [
        { name: 'Gordon', company: 'a bank in Frankfurt' },
        { name: 'Petra', company: 'a games studio' },
        { name: 'Hamid', company: 'the city council' },
        { name: 'Joyce', company: 'a supermarket chain' },
      ],
      (s, who): TwoTurnFact => ({
        first: `My manager ${s.name} is leaving the company at the end of the month.`,
        second: `The replacement for ${s.name} starts on Monday, someone from ${s.company}.`,
        question: `Where does the person replacing ${who.name}'s manager come from?`,
        answer: s.company,
      }),
    ),
  ],
  thirdPersonFacts: [
    defineStructure(
      'adoption',
      [
        { animal: 'a tabby cat', echo: 'a rabbit' },
        { animal: 'an old greyhound', echo: 'a hamster' },
        { animal: 'two guinea pigs', echo: 'a parrot' },
        { animal: 'a three-legged terrier', echo: 'a tortoise' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I adopted ${s.animal} from the shelter, and now my feet are never cold at night.`,
        echo: `I adopted ${s.echo} from a shelter once, it chewed through every cable I owned.`,
        question: `What did ${who.name} adopt from the shelter?`,
        answer: s.animal,
      }),
    ),
    defineStructure(
      'thursday-classes',
      [
        { classes: 'salsa', echo: 'tango' },
        { classes: 'boxing', echo: 'judo' },
        { classes: 'life drawing', echo: 'watercolour' },
        { classes: 'improv theatre', echo: 'choir' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I signed up for ${s.classes} classes on Thursdays, first one went great.`,
        echo: `I signed up for ${s.echo} classes on Thursdays years ago and quit after two weeks.`,
        question: `Which classes did ${who.name} sign up for on Thursdays?`,
        answer: s.classes,
      }),
    ),
    defineStructure(
      'tram-loss',
      [
        { item: 'umbrella', echo: 'scarf' },
        { item: 'headphones', echo: 'gloves' },
        { item: 'library card', echo: 'keys' },
        { item: 'sunglasses', echo: 'wallet' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I left my ${s.item} on the tram, I am so annoyed with myself.`,
        echo: `Oh, ${who.name}, I left my ${s.echo} on the tram last year and it never turned up.`,
        question: `What did ${who.name} leave on the tram?`,
        answer: s.item,
      }),
    ),
    defineStructure(
      'raffle',
      [
        { prize: 'a hamper of cheese', echo: 'a toaster' },
        { prize: 'two cinema tickets', echo: 'a bottle of port' },
        { prize: 'a spa voucher', echo: 'a board game' },
        { prize: 'a bicycle helmet', echo: 'a kettle' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I won ${s.prize} in the office raffle, I never win anything!`,
        echo: `Lucky you, ${who.name}! I won ${s.echo} in the office raffle once, still in its box.`,
        question: `What did ${who.name} win in the office raffle?`,
        answer: s.prize,
      }),
    ),
    defineStructure(
      'balcony',
      [
        { plants: 'chillies', echo: 'basil' },
        { plants: 'cherry tomatoes', echo: 'mint' },
        { plants: 'lavender', echo: 'geraniums' },
        { plants: 'strawberries', echo: 'rosemary' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I am growing ${s.plants} on the balcony this year, fingers crossed.`,
        echo: `I tried growing ${s.echo} on the balcony, the pigeons ate it all.`,
        question: `What is ${who.name} growing on the balcony?`,
        answer: s.plants,
      }),
    ),
    defineStructure(
      'flea-market',
      [
        { thing: 'a brass lamp', echo: 'an old radio' },
        { thing: 'a leather armchair', echo: 'a mirror' },
        { thing: 'a box of vinyl records', echo: 'a teapot' },
        { thing: 'a vintage sewing machine', echo: 'a rug' },
      ],
      (s, who): ThirdPersonFact => ({
        statement: `I bought ${s.thing} at the flea market for almost nothing.`,
        echo: `You know, ${who.name}, I bought ${s.echo} at the flea market once, total bargain.`,
        question: `What did ${who.name} buy at the flea market?`,
        answer: s.thing,
      }),
    ),
  ],
};
