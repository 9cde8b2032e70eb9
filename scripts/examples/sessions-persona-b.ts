/** Sessions for three persona cases: dinner parties (opposed), cello (opposed), Japanese (supportive). */
import type { ExampleSession } from './example-types.ts';

export const SESSIONS_B: readonly ExampleSession[] = [
  {
    id: 'dinner-trait',
    case: 'dinner',
    role: 'trait',
    exchanges: [
      [
        'I love hosting big dinner parties. Last month I cooked for fourteen people at our long oak table and it was the best night of the year. Can you help me plan a menu for twelve in November?',
        'Happily! For twelve, pick dishes that can be made ahead: a big braise such as beef and red wine or a squash and chickpea tagine, roast vegetables, a green salad, and a dessert that sits in the fridge, like a tiramisu.',
      ],
      [
        'Tagine is perfect, two of my friends are vegetarian. What starter goes with it?',
        'Something light and shareable: flatbreads with hummus, a beetroot dip and olives on the table as people arrive.',
      ],
    ],
  },
  {
    id: 'dinner-opposed',
    case: 'dinner',
    role: 'opposed',
    exchanges: [
      [
        'We had to give up the old house and moved into a studio flat in the city last week. The kitchen is two electric rings and a microwave, and the only table folds down from the wall and seats two. How do I make such a small space feel bigger?',
        'Keep the floor as clear as you can, use tall shelving to pull the eye upwards, put a large mirror opposite the window, and choose furniture on legs. Folding and stacking pieces help too.',
      ],
      [
        'Our big oak table went into storage. I miss it already.',
        'That is a real loss. Maybe one day it comes back out; meanwhile a couple of good stools and that fold-down table can still make a cosy spot.',
      ],
    ],
  },
  {
    id: 'dinner-distractor-promotion',
    case: 'dinner',
    role: 'distractor',
    exchanges: [
      [
        'My friend Priya just got promoted. How should I celebrate her with the rest of the team at work?',
        'A card signed by everyone and a small cake at a team meeting is simple and warm. If the team is up for it, after-work drinks somewhere near the office.',
      ],
      [
        "Drinks it is. She'd hate a big fuss.",
        'Then keep it relaxed: a toast, a few kind words, and let her enjoy it.',
      ],
    ],
  },
  {
    id: 'dinner-distractor-friends',
    case: 'dinner',
    role: 'distractor',
    exchanges: [
      [
        "A friend from university is turning forty. The group wants to celebrate her birthday but can't agree what to do. Any ideas?",
        'A few options that suit a mixed group: a weekend away in a rented cottage, a cooking or pottery class together, or a surprise video of messages from people in her life.',
      ],
      [
        "The video is lovely. I'll collect the clips.",
        'Ask everyone for under a minute each and a deadline a week before the day: that leaves time to edit.',
      ],
    ],
  },
  {
    id: 'cello-trait',
    case: 'cello',
    role: 'trait',
    exchanges: [
      [
        "I play the cello in an amateur orchestra. We rehearse every Tuesday evening and we're doing Dvořák's eighth symphony in spring. The fast passage in the last movement is killing my left hand. How should I practise it?",
        'Slowly, with a metronome, in small chunks; then build the tempo a few clicks at a time. Practise the shifts on their own, and vary the rhythm (dotted, then reverse-dotted) to make the fingers secure.',
      ],
      [
        'Tuesdays are my favourite evening of the week, even when I play badly.',
        'That is the whole point of an amateur orchestra. Enjoy the Dvořák!',
      ],
    ],
  },
  {
    id: 'cello-opposed',
    case: 'cello',
    role: 'opposed',
    exchanges: [
      [
        "I came off my bike on a wet roundabout and broke my left wrist. It's in a plaster cast for six weeks. Work wants me back on Monday: how do I type with one hand?",
        'Use dictation for longer texts (both Windows and macOS have it built in), turn on sticky keys for shortcuts, and look at a one-handed layout if you type a lot. Keep the arm raised when you can to keep the swelling down.',
      ],
      [
        "My fingers stick out of the cast but I can't bend them much.",
        "That's normal early on. Gently wiggle them as the fracture clinic showed you, and ask them about exercises when the cast comes off.",
      ],
    ],
  },
  {
    id: 'cello-distractor-quiz',
    case: 'cello',
    role: 'distractor',
    exchanges: [
      [
        'Priya wants me to join her pub quiz team on Tuesday evenings. What kind of questions come up at those things?',
        'Usually rounds of general knowledge, music, film, sport, geography and a picture round. Teams of four to six do best, with a mix of interests.',
      ],
      [
        'I am hopeless at sport questions.',
        'Then your value is elsewhere! Every team needs someone for the music and film rounds.',
      ],
    ],
  },
  {
    id: 'cello-distractor-violin',
    case: 'cello',
    role: 'distractor',
    exchanges: [
      [
        'My nephew wants to learn a string instrument. Is a violin a good first choice for an eight-year-old?',
        'Yes, violins come in fractional sizes for children, so a half or quarter size fits an eight-year-old. Renting first is sensible while he finds out whether he sticks with it.',
      ],
      [
        'His mum says the noise will drive her mad.',
        'A practice mute helps a great deal, and the squeaky phase passes sooner than people expect.',
      ],
    ],
  },
  {
    id: 'japanese-trait',
    case: 'japanese',
    role: 'trait',
    exchanges: [
      [
        "I'm learning Japanese and I practise kanji every morning on the train. I passed JLPT N4 last year. What's a good way to learn vocabulary for N3?",
        'Spaced repetition is hard to beat: a deck built around N3 vocabulary, about twenty new words a day. Pair it with graded readers so the words show up in context.',
      ],
      [
        'I love learning languages, Japanese is the first one that really clicked.',
        'Then keep doing what works. Reading a little every day will grow your vocabulary faster than any list.',
      ],
    ],
  },
  {
    id: 'japanese-supportive-ghibli',
    case: 'japanese',
    role: 'supportive',
    exchanges: [
      [
        "My flatmate thinks I'm odd: I rewatch the same Studio Ghibli films with the subtitles off and keep pausing to scribble things down in a notebook. Can you recommend films with slow, clear dialogue?",
        "Kiki's Delivery Service and My Neighbor Totoro are gentle places to start: everyday speech, clear voices, a lot of repetition. Whisper of the Heart is good once those feel easy.",
      ],
      [
        'Whisper of the Heart is my favourite, I can follow about half now.',
        'Half without subtitles is a real milestone. Rewatching it is a fine way to close the gap.',
      ],
    ],
  },
  {
    id: 'japanese-supportive-osaka',
    case: 'japanese',
    role: 'supportive',
    exchanges: [
      [
        'I booked two weeks in Osaka in April and I want to get by without switching to English, even ordering food and asking for directions. What situations should I rehearse?',
        'Ordering and asking about ingredients, buying train tickets, asking for directions, checking in, and small talk with shop staff. Kansai dialect differs a little, but everyone will understand standard Japanese.',
      ],
      [
        'I will write myself little dialogues for each one.',
        'That is a great plan. Say them out loud too: speaking is different from reading.',
      ],
    ],
  },
  {
    id: 'japanese-distractor-sushi',
    case: 'japanese',
    role: 'distractor',
    exchanges: [
      [
        'Tomás and I want to make sushi at home on Friday. Where do we even start?',
        'Start with maki rolls: sushi rice seasoned with rice vinegar, sugar and salt, nori sheets, a bamboo mat, and fillings like cucumber, avocado and cooked salmon. Keep your hands wet when handling the rice.',
      ],
      [
        'Do we need special fish?',
        'For raw fish, buy it labelled as sushi or sashimi grade from a fishmonger you trust. Cooked or smoked salmon is an easy start.',
      ],
    ],
  },
  {
    id: 'japanese-distractor-maple',
    case: 'japanese',
    role: 'distractor',
    exchanges: [
      [
        'The Japanese maple in our garden has crispy brown edges on its leaves. Is it dying?',
        'Probably leaf scorch: too much sun or wind, or dry roots. Water deeply once a week in dry spells, mulch the base and, if it is in a pot, move it somewhere with afternoon shade.',
      ],
      [
        "It's in a pot on the sunny side, so I'll move it.",
        'Good. New leaves next spring should come out fine.',
      ],
    ],
  },
  {
    id: 'japanese-distractor-meetup',
    case: 'japanese',
    role: 'distractor',
    exchanges: [
      [
        'Priya keeps asking me to come to her weekly book club meetup downtown. I am shy in groups. How do I make it less awkward?',
        'Arrive a little early, when the group is small, and prepare one or two things you liked or disliked about the book. Asking others questions takes the pressure off talking about yourself.',
      ],
      [
        "Okay, I'll try it once.",
        'Once is a good start. Most groups are friendlier than they look from outside.',
      ],
    ],
  },
];
