/** Sessions for three persona cases: trail running (opposed), sourdough (supportive), birds (supportive). */
import type { ExampleSession } from './example-types.ts';

export const SESSIONS_A: readonly ExampleSession[] = [
  {
    id: 'run-trait',
    case: 'running',
    role: 'trait',
    exchanges: [
      [
        "I'm training for my first trail half marathon in the Pentland hills in October. I love trail running more than anything, it's the only time my head goes quiet. How long should my long runs be by September?",
        'For a hilly trail half, build your long run to about 18 to 20 km by early September, with a few of those on similar terrain. Time on feet matters more than pace on trails, so think in hours as well as kilometres.',
      ],
      [
        'I usually do my long run on Saturday mornings before anyone else is up. What should I eat during a two-hour run?',
        'Aim for 30 to 60 g of carbohydrate per hour after the first 45 minutes: gels, dates or a small jam sandwich all work. Practise it on your long runs so race day holds no surprises.',
      ],
      [
        "Great, I'll try dates. My partner Tomás thinks I'm mad getting up at six on a Saturday.",
        'A lot of trail runners would call that the best part of the week. Enjoy the quiet hills!',
      ],
    ],
  },
  {
    id: 'run-opposed',
    case: 'running',
    role: 'opposed',
    exchanges: [
      [
        "I'm home after the operation on my knee ligament. The surgeon wants me on crutches for six weeks and no impact at all for four months. Our flat has forty steps up to the door. Any tips for getting around?",
        "Go up with the good leg first and down with the operated leg first: 'up with the good, down with the bad'. Take the stairs slowly, one at a time, with a hand on the rail, and plan trips so you use them as little as possible.",
      ],
      [
        "Showering is the worst part. I can't stand on one leg for long.",
        'A shower stool and a long-handled sponge help a lot, and a non-slip mat. Keep everything you need within reach before you sit down.',
      ],
      [
        'Tomás is doing all the cooking now, which is a mixed blessing.',
        "Let him! Your job for the next weeks is your physio exercises and rest. Keep the knee elevated when you can, and don't skip the quad sets.",
      ],
    ],
  },
  {
    id: 'run-distractor-market',
    case: 'running',
    role: 'distractor',
    exchanges: [
      [
        'Is the farmers market on Saturday morning worth going to early, or is it fine at eleven?',
        'Early is better for the bakery stalls and the best vegetables; by eleven the popular things are often gone, but it is calmer and some stalls discount at the end.',
      ],
      [
        "I mostly want eggs and the good mushrooms. I'll go around nine then.",
        'Nine sounds like a good balance. Bring a bag with some structure for the eggs.',
      ],
    ],
  },
  {
    id: 'run-distractor-sunscreen',
    case: 'running',
    role: 'distractor',
    exchanges: [
      [
        "What does 'active ingredient' mean on a sunscreen bottle? Mine lists zinc oxide.",
        'The active ingredient is the part that actually filters UV light. Zinc oxide is a mineral filter: it reflects and absorbs UVA and UVB and is usually gentle on sensitive skin.',
      ],
      [
        'Is mineral sunscreen enough for an active day outdoors?',
        'Yes, if it is SPF 30 or higher and broad spectrum. Reapply every two hours and after sweating or swimming.',
      ],
    ],
  },
  {
    id: 'run-distractor-nephew',
    case: 'running',
    role: 'distractor',
    exchanges: [
      [
        "My nephew plays football every Saturday morning and I've promised to go and watch. What do you even shout from the sidelines at an under-10s match?",
        'Keep it positive and general: "Well done!", "Great effort!", "Keep going!". Leave the tactics to the coach; kids love hearing their name cheered after a good pass.',
      ],
      [
        "Ha, noted. He's a goalkeeper, so mostly I'll shout 'great save'.",
        'Perfect. Goalkeepers need the encouragement most, especially after a goal goes in.',
      ],
    ],
  },
  {
    id: 'bread-trait',
    case: 'bread',
    role: 'trait',
    exchanges: [
      [
        "I've been baking sourdough every weekend for about two years now. My crumb has gone dense lately though. I use 75% hydration and bulk ferment for five hours.",
        'A dense crumb after a long bulk usually means under-fermentation at a cool room temperature, or a tired starter. Check that the dough has risen by about half and looks domed and jiggly before shaping.',
      ],
      [
        "The kitchen has been colder since the weather turned, so that's probably it.",
        'Very likely. Try a warmer spot, like the oven with just the light on, or extend the bulk until the dough tells you it is ready rather than the clock.',
      ],
    ],
  },
  {
    id: 'bread-supportive-sack',
    case: 'bread',
    role: 'supportive',
    exchanges: [
      [
        'I ordered a 25 kg sack of rye and a 16 kg sack of strong white from a mill, and they have arrived. Where do I keep all that in a small kitchen without attracting moths?',
        'Decant into airtight food-grade tubs with tight lids, keep them somewhere cool and dark, and freeze a portion of each sack for a few days first to kill any eggs. Put bay leaves in the tubs if you like the old trick.',
      ],
      [
        'The tubs will have to go under the bed, honestly.',
        "Under the bed is fine if it's cool and dry. Label them with the date; rye keeps less well than white, so use it first.",
      ],
    ],
  },
  {
    id: 'bread-supportive-neighbour',
    case: 'bread',
    role: 'supportive',
    exchanges: [
      [
        'The couple on the third floor keep knocking on Sunday afternoons asking whether I have a spare loaf. It was sweet at first but now it is every week. How do I say no nicely?',
        'Be warm and clear: "I love that you enjoy them, but I can only make two a week now." If you want, offer a swap, like a loaf once a month in exchange for something they make.',
      ],
      [
        'A swap is a nice idea, she makes amazing jam.',
        'Then bread-for-jam sounds like a very good neighbourly deal.',
      ],
    ],
  },
  {
    id: 'bread-distractor-ines',
    case: 'bread',
    role: 'distractor',
    exchanges: [
      [
        "It's my sister Ines's birthday next week and I have no idea what present to get her. She's into climbing and plants.",
        'A few ideas: a chalk bag with a fun pattern, a day pass at a new bouldering gym, or a hardy trailing plant like a pothos in a nice pot.',
      ],
      [
        "She has every plant already. I'll go with the bouldering pass.",
        'Good choice: an experience is hard to duplicate. Add a card suggesting you go together.',
      ],
    ],
  },
  {
    id: 'bread-distractor-pan',
    case: 'bread',
    role: 'distractor',
    exchanges: [
      [
        'My cast-iron frying pan has rust spots after someone left it soaking. Is it ruined?',
        'Not at all. Scrub the rust off with steel wool, wash and dry it thoroughly on the hob, then rub in a thin layer of oil and heat it until it smokes. Repeat two or three times.',
      ],
      [
        "Thanks. I'll hide it from Tomás next time.",
        'Or a little sign: "no soaking". Cast iron forgives almost anything except standing water.',
      ],
    ],
  },
  {
    id: 'birds-trait',
    case: 'birds',
    role: 'trait',
    exchanges: [
      [
        "I've kept a bird list since I was twelve and I'm up to 212 species. Birdwatching is my favourite thing in the world. I still can't tell a chiffchaff from a willow warbler without hearing it, though.",
        'Almost nobody can reliably by sight! Listen for the song: the chiffchaff says its own name, while the willow warbler has a soft descending trill. Willow warblers also tend to have paler legs.',
      ],
      [
        'Paler legs, I will look for that next time.',
        "Good luck. Spring is the easiest time, when they're singing from the tops of bushes.",
      ],
    ],
  },
  {
    id: 'birds-supportive-hide',
    case: 'birds',
    role: 'supportive',
    exchanges: [
      [
        'My thermos leaks. I set my alarm for half four most Sundays to get to the marsh hide before sunrise, and I need coffee that stays hot for four hours of sitting still. Which flask should I buy?',
        'Look for a double-walled stainless steel vacuum flask with a screw stopper rather than a push-button lid; those stay hot six hours or more and rarely leak. Around 500 ml fits in a coat pocket.',
      ],
      [
        'Also my fingers go numb holding the scope. Any glove ideas?',
        'Fingerless gloves with a fold-over mitten top are popular for exactly that: warm while you wait, quick to free your fingers for the focus wheel.',
      ],
    ],
  },
  {
    id: 'birds-supportive-notebook',
    case: 'birds',
    role: 'supportive',
    exchanges: [
      [
        'I want a notebook I can write in when it is raining, for tallies and little sketches while I am out on the estuary. Do those exist?',
        'Yes: all-weather notebooks made of waterproof paper, written on with pencil or a pressurised pen. They come in pocket sizes with a stiff cover, good for sketching while standing.',
      ],
      [
        'A pocket one with a grid would be ideal for counts.',
        'Grid pages work well for tallies. Pencil is the most reliable in the wet and the cold.',
      ],
    ],
  },
  {
    id: 'birds-distractor-coast',
    case: 'birds',
    role: 'distractor',
    exchanges: [
      [
        'Tomás wants a long weekend on the coast in June. Can you suggest what to look for in a beach hotel?',
        'Think about how close it is to the sand, whether rooms face the sea, parking, and what is in walking distance for dinner. Quieter towns often have better value than the famous resorts.',
      ],
      [
        'He mostly wants to lie on a sunbed and read.',
        'Then a hotel with its own stretch of beach or a pool terrace would make his weekend.',
      ],
    ],
  },
  {
    id: 'birds-distractor-damp',
    case: 'birds',
    role: 'distractor',
    exchanges: [
      [
        'The wall behind our wardrobe is wet and there are black spots. What causes that?',
        'Condensation: warm moist air meets a cold wall with little airflow behind furniture. Pull the wardrobe a few centimetres away from the wall, open windows after showers and cooking, and clean the spots with a mould remover.',
      ],
      [
        'Should I tell the landlord?',
        'Yes, report it in writing, especially if it comes back: it can also be a sign of a leak or poor insulation, which is their responsibility.',
      ],
    ],
  },
];
