import { describe, expect, it } from 'vitest';
import { dialogueShape } from './dialogue-shape.ts';

const kind = (query: string, followUpWords = 1) => dialogueShape(query, followUpWords).kind;

describe('dialogueShape', () => {
  it.each([
    ['New topic: how do I descale a kettle?', 'new-topic'],
    ['Another topic, what is a good stretching routine?', 'new-topic'],
    ['Speaking of programming, is VS Code better than IntelliJ for Java?', 'aside'],
    ['By the way, how often should I clean my laptop fan?', 'aside'],
    ["What's the final laptop configuration I need?", 'recap'],
    ['Please give me the complete plan with all the requirements we discussed.', 'recap'],
    ['What does my current fitness plan include?', 'recap'],
    ["Forget it, let's go back to a 9000 yuan budget.", 'return'],
    ["I've changed my mind, I still want 16GB of RAM.", 'return'],
    ['and for dessert?', 'follow-up'],
    ['Why?', 'follow-up'],
    ['And the hotel?', 'follow-up'],
    ['She found a small flat near the river and loves the neighbourhood.', 'follow-up'],
    ["It's aimed at young people who pursue individuality and design.", 'follow-up'],
    ['Should I water them less often or move the pots into the sun?', 'follow-up'],
    ['How often should I clean the dust out of my laptop fan?', 'plain'],
    ['What about the cheaper hotel?', 'follow-up'],
    ['What about the second hotel near the station?', 'plain'],
    ['Where does my sister live?', 'plain'],
    ['Recommend a laptop for programming with 16GB of RAM.', 'plain'],
  ])('%s → %s', (query, expected) => {
    expect(kind(query)).toBe(expected);
  });

  it('counts a turn as a follow-up by its content words, as the setting says', () => {
    expect(kind('Where does my sister live?', 1)).toBe('plain');
    expect(kind('Where does my sister live?', 2)).toBe('follow-up');
    expect(dialogueShape('Where does my sister live?', 1).contentWords).toBe(2);
    expect(dialogueShape('New topic: knitting', 2)).toMatchObject({ cue: 'New topic' });
  });
});
