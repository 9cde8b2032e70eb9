/**
 * Hand-written paraphrase triples: [anchor, paraphrase, unrelated]. Paraphrases share few or no
 * content words with their anchor, so exact word overlap cannot solve them; only word meaning can.
 */
export const PARAPHRASE_TRIPLES: readonly (readonly [string, string, string])[] = [
  [
    'I am terrified of flying on airplanes.',
    'Air travel makes me very nervous and scared.',
    'We painted the garden fence green.',
  ],
  [
    'My wife is expecting a baby in March.',
    'We will have a newborn child early next spring.',
    'The bank raised its mortgage rates.',
  ],
  [
    'I quit my job at the bank last week.',
    'Recently I resigned from my position in finance.',
    'Our cat likes to sleep on the windowsill.',
  ],
  [
    'He loves cooking spicy Indian food.',
    'Preparing hot curry dishes is his favourite hobby.',
    'The train station was closed for repairs.',
  ],
  [
    'My grandmother passed away in the hospital.',
    'Our grandma died recently after an illness.',
    'I bought a new keyboard for my computer.',
  ],
  [
    'We are moving to a bigger apartment downtown.',
    'Soon we relocate into a larger flat in the city centre.',
    'She won the chess tournament yesterday.',
  ],
  [
    'I go jogging every morning before work.',
    'Each day I run early, before heading to the office.',
    'The museum has a famous painting collection.',
  ],
  [
    'My doctor told me to lower my cholesterol.',
    'The physician advised reducing fat in my diet for my heart.',
    'Their band played at the music festival.',
  ],
  [
    'Our son is studying engineering at university.',
    'The boy attends college for a mechanical degree.',
    'I forgot to water the tomato plants.',
  ],
  [
    'The storm knocked out our electricity.',
    'We lost power during the heavy winds and rain.',
    'My sister teaches French at a school.',
  ],
  [
    'I want to learn how to play the piano.',
    'Taking keyboard music lessons is on my wish list.',
    'The football team lost the final match.',
  ],
  [
    'She adopted two puppies from the shelter.',
    'She brought home a pair of young dogs from the rescue centre.',
    'The government announced new tax rules.',
  ],
];
