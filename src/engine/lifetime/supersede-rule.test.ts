import { describe, expect, it } from 'vitest';
import { readSlots, replacedSlots } from './supersede-rule.ts';

const replaces = (newer: string, older: string) =>
  replacedSlots(readSlots({ text: newer }), readSlots({ text: older }));

describe('the no-model supersede rule', () => {
  it('replaces a home, an employer, a car and a drink when the words say it changed', () => {
    expect(
      replaces(
        'Actually I moved again, to Seattle, in May',
        'I moved to Denver last month for a job',
      ),
    ).toEqual(['home']);
    expect(
      replaces(
        "I've been at Monzo since the start of September",
        'I work at Ocado and my commute is long',
      ),
    ).toEqual(['employer']);
    expect(
      replaces(
        'We sold my old car and bought a used Skoda Octavia estate',
        'in my old Opel Corsa, small but reliable',
      ),
    ).toEqual(['car']);
    expect(
      replaces(
        "I've quit coffee completely. It's rooibos now.",
        "I can't function without a flat white by eleven.",
      ),
    ).toEqual(['drink']);
  });

  it('reads quitting one thing and starting another as a change of that attribute', () => {
    expect(
      replaces(
        "I've dropped Pilates and signed up for kickboxing instead.",
        "I've started doing Pilates twice a week.",
      ),
    ).toEqual(['sport']);
    // Quitting without a new value names nothing new: the old fact still stands.
    expect(
      replaces("I've decided to quit handball for good.", 'I have handball training on Tuesdays.'),
    ).toEqual([]);
  });

  it('takes a new pet for another one unless the words say it is the same one or one is gone', () => {
    const olive = 'In May 2024, I have a tabby cat called Olive.';
    expect(replaces('Since March I adopted a second cat called Mochi.', olive)).toEqual([]);
    expect(replaces('Lately I have a pair of rabbits called Ziggy.', olive)).toEqual([]);
    expect(
      replaces(
        'My daughter vetoed it, so the kitten is Yuzu now.',
        "We're adopting a kitten on Saturday! We're calling her Mochi.",
      ),
    ).toEqual(['pet']);
    expect(
      replaces(
        "After losing our old boy in winter, we've adopted a rescue greyhound called Juniper.",
        'Our dog Pickles has started barking at every delivery driver.',
      ),
    ).toEqual(['pet']);
  });

  it('takes a correction as a change', () => {
    expect(
      replaces('Sorry, I mixed that up: the kitten is Yuzu now', "We're calling her Mochi."),
    ).toEqual(['pet']);
  });

  it("never lets someone else's change replace the user's own", () => {
    expect(
      replaces('My mate Declan just moved to Cardiff', 'I moved to Bristol last weekend'),
    ).toEqual([]);
    expect(replaces('My friend Tom moved to Austin', 'I live in Denver')).toEqual([]);
    expect(
      replaces(
        'My brother just joined Sony and he flies in from Tokyo',
        'I started at Mercari this week',
      ),
    ).toEqual([]);
    expect(replaces('My colleague Tariq just went vegan', "I'm pescatarian now")).toEqual([]);
  });

  it('leaves a restated stable fact and a restated value alone', () => {
    expect(
      replaces('My sister Ottilie finally ran her half marathon', 'My sister Ottilie is visiting'),
    ).toEqual([]);
    expect(replaces("I'm heading up to Flensburg this weekend", 'I grew up in Flensburg')).toEqual(
      [],
    );
    expect(replaces('Now I still live in Denver, love it', 'I moved to Denver last month')).toEqual(
      [],
    );
  });

  it('needs a change in the words: a different value said in passing is not enough', () => {
    expect(
      replaces('My Fairphone camera is weak at night', "It's a Samsung, about three years old."),
    ).toEqual([]);
  });

  it('only compares the same speaker', () => {
    expect(replaces('Caroline: I moved to Seattle now', 'Melanie: I live in Denver')).toEqual([]);
  });
});
