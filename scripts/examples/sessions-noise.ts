/** Everyday sessions with no bearing on any question: the noise a real chat history is full of. */
import type { ExampleSession } from './example-types.ts';

const noise = (id: string, exchanges: ExampleSession['exchanges']): ExampleSession => ({
  id,
  role: 'noise',
  exchanges,
});

export const SESSIONS_NOISE: readonly ExampleSession[] = [
  noise('noise-tax', [
    [
      'When is the deadline for the online self-assessment tax return?',
      'For online returns it is 31 January after the end of the tax year, and any tax owed is due the same day. Paper returns are due earlier, on 31 October.',
    ],
    [
      'I always leave it until January and regret it.',
      'Gathering your documents in a folder through the year makes January much less painful.',
    ],
  ]),
  noise('noise-soup', [
    [
      'I have red lentils, two carrots, an onion and a tin of tomatoes. What can I make tonight?',
      'A red lentil soup: soften the onion and carrots, add cumin and paprika, then the lentils, the tomatoes and a litre of stock. Simmer for twenty minutes and blend if you like it smooth.',
    ],
    [
      'Any way to make it less boring?',
      'A squeeze of lemon and a spoon of yoghurt on top lift it a lot.',
    ],
  ]),
  noise('noise-cover-letter', [
    [
      'Can you help me start a cover letter for a project coordinator job at a housing charity?',
      'Open with why this charity matters to you in one sentence, then two short paragraphs with concrete examples of projects you coordinated, and close with what you would bring in the first months.',
    ],
    [
      'I ran the office move last year, is that a good example?',
      'Very good: budget, deadlines, many stakeholders. Give the numbers, like how many people moved and how long it took.',
    ],
  ]),
  noise('noise-battery', [
    [
      'My phone battery drains by lunchtime now. Is it worth replacing the battery or should I buy a new phone?',
      'If the phone is otherwise fine, a battery replacement is far cheaper and gives it another couple of years. Check the battery health in the settings first: below about 80% it is worn.',
    ],
    ['It says 76%.', 'Then a new battery should make a big difference.'],
  ]),
  noise('noise-paint', [
    [
      'We are repainting the hallway. It is narrow with no window. Which colours work?',
      'Warm light neutrals reflect the most light: soft white, pale stone or a light warm grey. A satin finish is easier to wipe clean in a busy hallway.',
    ],
    [
      'Tomás wants dark green.',
      'Dark green can look wonderful in a hallway if you lean into it and light it well; paint the ceiling a light colour to keep it from feeling like a tunnel.',
    ],
  ]),
  noise('noise-houseplant', [
    [
      'The leaves of my peace lily keep drooping even though I water it every week.',
      'Peace lilies droop both when thirsty and when overwatered. Check the soil: if it is wet, let it dry out and make sure the pot drains. They prefer bright indirect light.',
    ],
    ['The pot has no hole.', 'That is likely the problem: repot it into one with drainage.'],
  ]),
  noise('noise-podcast', [
    [
      'Can you recommend a history podcast for my commute? About forty minutes an episode.',
      'Look for narrative history shows that tell one story over a few episodes: they suit a commute well. Pick a period you know little about for the most fun.',
    ],
    [
      'Something about medieval trade would be nice.',
      'Then try shows on the Hanseatic League or the Silk Road.',
    ],
  ]),
  noise('noise-speech', [
    [
      "I have to give a short speech at my cousin Marta's wedding. How long should it be?",
      'Three to five minutes is ideal. One or two warm stories, a line about the couple together, and a toast. Practise it out loud a few times.',
    ],
    [
      'I have a funny story about her learning to drive.',
      'Perfect, as long as it ends with something warm about who she is now.',
    ],
  ]),
  noise('noise-email-landlord', [
    [
      'How do I politely remind our landlord that the boiler repair he promised three weeks ago has not happened?',
      'Keep it short and factual: the date he agreed, what is still broken, how it affects you, and a request for a date this week. Email keeps a written record.',
    ],
    [
      'Should I mention the cold?',
      'Yes, say plainly that the flat has no heating, it shows why it is urgent.',
    ],
  ]),
  noise('noise-spreadsheet', [
    [
      'How do I count the cells in a column that contain the word "paid" in a spreadsheet?',
      'Use COUNTIF: =COUNTIF(C:C, "paid"). For cells that contain paid anywhere in the text, use =COUNTIF(C:C, "*paid*").',
    ],
    ['That worked, thank you!', 'Glad it helped.'],
  ]),
  noise('noise-train', [
    [
      'Is it cheaper to book train tickets far in advance?',
      'Usually yes for long-distance routes: advance fares are released about twelve weeks ahead and the cheapest sell out. Off-peak and split tickets can also save money.',
    ],
    [
      'We want to visit my parents at Christmas.',
      'Then book as soon as the tickets are released: that week sells out fast.',
    ],
  ]),
  noise('noise-laptop', [
    [
      'My laptop fan is loud all the time even when I just have a browser open.',
      'Check which process uses the CPU in the task manager; browser tabs with video or ads are common culprits. Cleaning dust from the vents also helps a lot on older laptops.',
    ],
    [
      'It is five years old and has never been cleaned.',
      'Then compressed air through the vents is a good first step.',
    ],
  ]),
  noise('noise-recycling', [
    [
      'Can pizza boxes go in the recycling?',
      'Clean parts can; the greasy bottom usually cannot, because oil contaminates paper recycling. Tear off the clean lid for recycling and put the greasy part in general waste or compost if your council allows.',
    ],
    ['I had no idea.', 'It is a very common one.'],
  ]),
  noise('noise-budget', [
    [
      'What is a simple way to start a monthly budget?',
      'List your income, then fixed costs such as rent and bills, then set amounts for food, transport and fun. Track spending for a month to see where the money really goes.',
    ],
    [
      'An app or a spreadsheet?',
      'Whichever you will actually open every week: the simplest tool you keep using wins.',
    ],
  ]),
];
