/**
 * The heavy-user bench's vocabulary: topic → fact templates, each joining fixed text with a
 * seeded pick from each list ("I signed up for the spring 10k in Oslo."). Data, not logic: the
 * generator is heavy-user-facts.ts.
 */
import type { Rng } from '../../src/engine/ports.ts';
import type { FactCategory } from '../../src/engine/types.ts';

export interface HeavyFact {
  readonly text: string;
  readonly category: FactCategory;
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T =>
  xs[Math.floor(rng.next() * xs.length)] as T;

const NAMES = [
  'Maya',
  'Tom',
  'Priya',
  'Jonas',
  'Aiko',
  'Luis',
  'Nadia',
  'Omar',
  'Elena',
  'Ben',
  'Sofia',
  'Kwame',
  'Ingrid',
  'Ravi',
  'Chloe',
  'Mateo',
  'Hana',
  'Felix',
  'Zara',
  'Dmitri',
];
const RELATIVES = [
  'sister',
  'brother',
  'mother',
  'father',
  'cousin',
  'aunt',
  'uncle',
  'grandmother',
  'niece',
  'nephew',
  'best friend',
  'neighbour',
  'colleague',
  'manager',
];
const CITIES = [
  'Lisbon',
  'Kyoto',
  'Oslo',
  'Montreal',
  'Edinburgh',
  'Valencia',
  'Seoul',
  'Vienna',
  'Cape Town',
  'Buenos Aires',
  'Tallinn',
  'Porto',
  'Hanoi',
  'Reykjavik',
  'Chicago',
  'Marseille',
  'Krakow',
  'Melbourne',
  'Istanbul',
  'Copenhagen',
];
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Template = (rng: Rng) => HeavyFact;
const t =
  (category: FactCategory, parts: readonly (readonly string[] | string)[]): Template =>
  (rng) => ({
    category,
    text: parts.map((p) => (typeof p === 'string' ? p : pick(rng, p))).join(''),
  });

/** Topic → templates. Each template joins fixed text with a pick from each list. */
export const TOPICS: Record<string, readonly Template[]> = {
  running: [
    t('event', [
      'I ran ',
      ['5', '8', '10', '12', '15', '21'],
      ' km ',
      [
        'along the river',
        'in the park',
        'on the track',
        'through the old town',
        'on the coast path',
      ],
      ' ',
      ['this morning', 'on Sunday', 'before work', 'in the rain'],
      '.',
    ]),
    t('preference', [
      'I prefer running in ',
      ['Brooks', 'Asics', 'Hoka', 'Saucony', 'New Balance'],
      ' shoes because they ',
      ['feel light', 'have a wide toe box', 'last longer', 'help my knees'],
      '.',
    ]),
    t('plan', [
      'I signed up for the ',
      ['spring', 'autumn', 'city', 'trail'],
      ' ',
      ['half marathon', '10k', 'marathon', 'relay'],
      ' in ',
      CITIES,
      '.',
    ]),
    t('circumstance', [
      'My ',
      ['left knee', 'right ankle', 'hamstring', 'lower back', 'calf'],
      ' ',
      ['hurts after long runs', 'is still recovering', 'felt tight this week'],
      '.',
    ]),
  ],
  cooking: [
    t('event', [
      'I baked ',
      ['sourdough', 'rye bread', 'focaccia', 'banana bread', 'a lemon tart', 'cinnamon rolls'],
      ' ',
      ['for the first time', 'again', 'for a birthday', 'with my niece', 'for the neighbours'],
      '.',
    ]),
    t('preference', [
      'My favourite dish to cook is ',
      [
        'mushroom risotto',
        'chana masala',
        'pad thai',
        'shakshuka',
        'ramen',
        'paella',
        'lasagne',
        'pho',
      ],
      '.',
    ]),
    t('circumstance', [
      'I am trying to eat ',
      ['less meat', 'more vegetables', 'less sugar', 'more fish', 'more beans'],
      ' ',
      ['this year', 'since my checkup', 'for my health'],
      '.',
    ]),
    t('event', [
      'I bought a ',
      ['cast-iron pan', 'pasta machine', 'rice cooker', 'stand mixer', 'wok', 'pressure cooker'],
      ' at the ',
      ['market', 'outlet', 'second-hand shop'],
      '.',
    ]),
  ],
  family: [
    t('circumstance', ['My ', RELATIVES, ' ', NAMES, ' lives in ', CITIES, '.']),
    t('event', [
      'My ',
      RELATIVES,
      ' ',
      NAMES,
      ' ',
      ['had a baby', 'got married', 'changed jobs', 'moved house', 'retired', 'started university'],
      ' in ',
      MONTHS,
      '.',
    ]),
    t('plan', [
      'I want to visit my ',
      RELATIVES,
      ' in ',
      CITIES,
      ' ',
      ['this summer', 'for the holidays', 'next spring', 'in autumn'],
      '.',
    ]),
    t('other', [
      'My ',
      RELATIVES,
      ' ',
      NAMES,
      ' ',
      [
        'loves jigsaw puzzles',
        'collects vinyl',
        'plays the cello',
        'grows tomatoes',
        'knits scarves',
      ],
      '.',
    ]),
  ],
  work: [
    t('circumstance', [
      'I work as a ',
      [
        'data analyst',
        'nurse',
        'product designer',
        'teacher',
        'civil engineer',
        'pharmacist',
        'software developer',
      ],
      ' at a ',
      ['hospital', 'startup', 'school', 'bank', 'consultancy', 'city council'],
      '.',
    ]),
    t('event', [
      'I presented the ',
      ['quarterly report', 'new roadmap', 'budget proposal', 'research results', 'migration plan'],
      ' to ',
      ['the board', 'my team', 'a client', 'the whole department'],
      ' on ',
      WEEKDAYS,
      '.',
    ]),
    t('plan', [
      'I plan to ask for ',
      ['a raise', 'a four-day week', 'a transfer', 'more remote days', 'a mentor'],
      ' ',
      ['at my review', 'before the summer', 'next quarter'],
      '.',
    ]),
    t('preference', [
      'I focus best when I work ',
      ['early in the morning', 'late at night', 'from a café', 'with music on', 'in silence'],
      '.',
    ]),
  ],
  pets: [
    t('circumstance', [
      'I have a ',
      ['rescue greyhound', 'tabby cat', 'border collie', 'pair of rabbits', 'parrot', 'beagle'],
      ' called ',
      ['Biscuit', 'Pepper', 'Luna', 'Milo', 'Juniper', 'Olive', 'Ziggy'],
      '.',
    ]),
    t('event', [
      'I took ',
      ['Biscuit', 'Pepper', 'Luna', 'Milo', 'Juniper', 'Olive', 'Ziggy'],
      ' to the vet for ',
      ['a vaccination', 'a limp', 'a dental check', 'an upset stomach'],
      '.',
    ]),
    t('preference', [
      'My pet only eats ',
      ['salmon kibble', 'wet food', 'grain-free food', 'fresh chicken'],
      '.',
    ]),
  ],
  travel: [
    t('event', [
      'I spent ',
      ['a week', 'four days', 'a long weekend', 'two weeks'],
      ' in ',
      CITIES,
      ' and ',
      [
        'loved the food',
        'got lost every day',
        'went to every museum',
        'hiked a lot',
        'caught a cold',
      ],
      '.',
    ]),
    t('plan', ['I am saving up for a trip to ', CITIES, ' in ', MONTHS, '.']),
    t('preference', [
      'When I travel I prefer ',
      [
        'trains to planes',
        'small guesthouses',
        'hostels',
        'renting an apartment',
        'travelling light',
      ],
      '.',
    ]),
  ],
  health: [
    t('circumstance', [
      'I am allergic to ',
      ['peanuts', 'shellfish', 'pollen', 'cats', 'penicillin', 'dust mites'],
      '.',
    ]),
    t('event', [
      'I had ',
      ['a dentist appointment', 'a blood test', 'an eye exam', 'physiotherapy', 'a flu shot'],
      ' on ',
      WEEKDAYS,
      '.',
    ]),
    t('plan', [
      'I want to sleep ',
      ['before eleven', 'eight hours', 'without my phone nearby'],
      ' ',
      ['on weeknights', 'this month', 'from now on'],
      '.',
    ]),
  ],
  music: [
    t('circumstance', [
      'I have been learning the ',
      ['piano', 'guitar', 'violin', 'ukulele', 'drums', 'saxophone'],
      ' since ',
      MONTHS,
      '.',
    ]),
    t('event', [
      'I saw ',
      ['a jazz trio', 'an orchestra', 'an indie band', 'a folk singer', 'a choir'],
      ' play at ',
      ['the old theatre', 'a small club', 'the cathedral', 'a festival'],
      '.',
    ]),
    t('preference', [
      'I listen to ',
      ['Bach', 'Nina Simone', 'Radiohead', 'Fela Kuti', 'Björk', 'Miles Davis', 'Joni Mitchell'],
      ' when I ',
      ['cook', 'work', 'run', 'cannot sleep'],
      '.',
    ]),
  ],
  reading: [
    t('event', [
      'I finished ',
      [
        'a novel by Ursula Le Guin',
        'a history of the Silk Road',
        'a book on sleep',
        'a Japanese crime novel',
        'a biography of Marie Curie',
        'a poetry collection',
      ],
      ' ',
      ['on the train', 'in two days', 'last weekend', 'at last'],
      '.',
    ]),
    t('preference', [
      'My favourite genre is ',
      ['science fiction', 'historical fiction', 'memoir', 'mystery', 'nature writing'],
      '.',
    ]),
    t('plan', ['I joined a book club that meets every ', WEEKDAYS, '.']),
  ],
  home: [
    t('event', [
      'I ',
      [
        'painted the bedroom',
        'fixed the leaking tap',
        'built a bookshelf',
        'replaced the boiler',
        'put up new curtains',
      ],
      ' ',
      ['last weekend', 'with help from a friend', 'on my own'],
      '.',
    ]),
    t('circumstance', [
      'I live in a ',
      ['small flat', 'terraced house', 'shared apartment', 'houseboat', 'cottage'],
      ' ',
      ['near the station', 'on the fourth floor', 'with a tiny garden', 'by the canal'],
      '.',
    ]),
    t('plan', [
      'I want to ',
      [
        'repaint the kitchen',
        'install solar panels',
        'get a new sofa',
        'grow herbs on the balcony',
      ],
      ' before ',
      MONTHS,
      '.',
    ]),
  ],
  garden: [
    t('event', [
      'I planted ',
      ['tomatoes', 'garlic', 'tulip bulbs', 'a fig tree', 'strawberries', 'courgettes'],
      ' in the ',
      ['allotment', 'back garden', 'window box'],
      '.',
    ]),
    t('preference', [
      'I water the garden ',
      ['at dawn', 'every other evening', 'only when it is dry'],
      '.',
    ]),
  ],
  money: [
    t('plan', [
      'I am putting ',
      ['100', '200', '300', '50'],
      ' euros a month into ',
      ['a savings account', 'an index fund', 'my pension', 'a holiday fund'],
      '.',
    ]),
    t('event', [
      'I cancelled my ',
      ['gym membership', 'streaming subscription', 'magazine subscription', 'phone insurance'],
      ' to save money.',
    ]),
  ],
  learning: [
    t('circumstance', [
      'I am learning ',
      ['Spanish', 'Japanese', 'Portuguese', 'German', 'Korean', 'Italian'],
      ' with ',
      ['an app', 'a tutor', 'evening classes', 'a language exchange'],
      '.',
    ]),
    t('event', [
      'I passed the ',
      ['A2', 'B1', 'B2'],
      ' ',
      ['Spanish', 'Japanese', 'Portuguese', 'German', 'Korean', 'Italian'],
      ' exam in ',
      MONTHS,
      '.',
    ]),
  ],
  films: [
    t('preference', [
      'I love films by ',
      [
        'Hayao Miyazaki',
        'Agnès Varda',
        'Akira Kurosawa',
        'Greta Gerwig',
        'Wong Kar-wai',
        'Céline Sciamma',
      ],
      '.',
    ]),
    t('event', [
      'I watched ',
      [
        'a documentary about octopuses',
        'an old western',
        'a Korean thriller',
        'a silent film',
        'a musical',
      ],
      ' with ',
      NAMES,
      '.',
    ]),
  ],
  cycling: [
    t('event', [
      'I cycled to ',
      ['work', 'the lake', 'the next village', 'the coast'],
      ' ',
      ['in forty minutes', 'against the wind', 'for the first time'],
      '.',
    ]),
    t('circumstance', [
      'My bike is a ',
      ['steel touring bike', 'folding bike', 'gravel bike', 'second-hand road bike'],
      ' with ',
      ['a new chain', 'panniers', 'a squeaky brake'],
      '.',
    ]),
  ],
  friends: [
    t('event', [
      'I had dinner with ',
      NAMES,
      ' at ',
      ['a Georgian restaurant', 'a noodle bar', 'their new flat', 'a tapas place'],
      ' on ',
      WEEKDAYS,
      '.',
    ]),
    t('other', [
      'My friend ',
      NAMES,
      ' is ',
      [
        'training to be a pilot',
        'opening a bakery',
        'writing a novel',
        'moving to Lisbon',
        'learning to sail',
      ],
      '.',
    ]),
  ],
  tech: [
    t('event', [
      'I replaced my ',
      ['laptop', 'phone', 'headphones', 'router', 'e-reader'],
      ' because ',
      ['the battery died', 'the screen cracked', 'it was too slow', 'it stopped charging'],
      '.',
    ]),
    t('preference', [
      'I keep my ',
      ['notes', 'photos', 'passwords', 'recipes'],
      ' in ',
      ['a paper notebook', 'a local app', 'an encrypted folder', 'plain text files'],
      '.',
    ]),
  ],
  volunteering: [
    t('circumstance', [
      'I volunteer at ',
      [
        'the food bank',
        'an animal shelter',
        'the library',
        'a youth football club',
        'a community garden',
      ],
      ' every ',
      WEEKDAYS,
      '.',
    ]),
  ],
  swimming: [
    t('event', [
      'I swam ',
      ['20', '30', '40', '60'],
      ' lengths at the ',
      ['outdoor pool', 'leisure centre', 'lake', 'sea'],
      ' ',
      ['before breakfast', 'after work', 'on holiday'],
      '.',
    ]),
  ],
  games: [
    t('preference', [
      'I enjoy playing ',
      ['chess', 'Go', 'board games', 'crosswords', 'sudoku', 'bridge'],
      ' with ',
      ['my brother', 'friends online', 'the club', 'my partner'],
      '.',
    ]),
    t('event', [
      'I won ',
      ['a chess tournament', 'the pub quiz', 'a crossword contest', 'a board game night'],
      ' in ',
      MONTHS,
      '.',
    ]),
  ],
};
