import { describe, expect, it } from 'vitest';
import { asFactId, asSessionId, asTurnId, type Fact, type FactId } from '../types.ts';
import {
  factsStating,
  fillSlotIndex,
  seedSlotIndex,
  slotIndexImage,
  SLOT_RULES,
} from './slot-index.ts';
import { SLOTS } from './slots.ts';

const TEXTS = [
  'I live in Boston',
  'My friend Tom just moved to Austin',
  "I'm allergic to peanuts",
  'Maria: I moved to Lisbon last year',
  'I moved to Denver for a job at a bike shop',
  'My sister lives in Oslo',
  'I adopted a cat called Mochi',
  'My brother Felix moved to Tallinn',
  'I work as a nurse on night shifts',
  'We talked about the weather',
];

/** 120 facts: the texts above over and over, each a fact of its own. */
function manyFacts(): Map<FactId, Fact> {
  const facts = new Map<FactId, Fact>();
  for (let i = 0; i < 120; i++) {
    const id = asFactId(`f${i}`);
    facts.set(id, {
      id,
      text: `${TEXTS[i % TEXTS.length]!} (${i})`,
      category: 'other',
      sources: [{ sessionId: asSessionId(`s${i}`), turnIds: [asTurnId(`t${i}`)] }],
    });
  }
  return facts;
}

/** Every slot's facts, each read on its own (the index's answer must be this). */
function eachOnItsOwn(facts: Map<FactId, Fact>): Record<string, FactId[]> {
  const copy = () => new Map([...facts].map(([id, f]) => [id, { ...f }] as const));
  return Object.fromEntries(SLOTS.map((d) => [d.slot, [...factsStating(copy(), d.slot)]]));
}

describe('slot index', () => {
  it('gives each slot the same facts, in order, whether filled first, asked midway or never filled', async () => {
    const expected = eachOnItsOwn(manyFacts());
    expect(expected.home?.length).toBeGreaterThan(0);
    expect(expected.allergy?.length).toBe(12);

    const filled = manyFacts();
    let pauses = 0;
    await fillSlotIndex(filled, async () => void pauses++);
    expect(pauses).toBe(2); // after every 50 facts
    for (const d of SLOTS) expect(factsStating(filled, d.slot)).toEqual(expected[d.slot]);

    const midway = manyFacts();
    let asked: Record<string, readonly FactId[]> = {};
    await fillSlotIndex(midway, async () => {
      // Asked while the pass has read only 50 of the 120 facts.
      if (Object.keys(asked).length === 0) {
        asked = Object.fromEntries(SLOTS.map((d) => [d.slot, factsStating(midway, d.slot)]));
      }
    });
    expect(asked).toEqual(expected);
    for (const d of SLOTS) expect(factsStating(midway, d.slot)).toEqual(expected[d.slot]);
  });

  it("is kept as an image of every slot, and seeded from one in the facts' order", async () => {
    const expected = eachOnItsOwn(manyFacts());
    const image = await slotIndexImage(manyFacts());
    expect(image).toEqual({ rules: SLOT_RULES, slots: expected });

    const reversed = Object.fromEntries(
      Object.entries(image.slots).map(([slot, ids]) => [slot, [...ids].reverse()]),
    );
    const seeded = manyFacts();
    expect(seedSlotIndex(seeded, { ...image, slots: reversed })).toBe(true);
    for (const d of SLOTS) expect(factsStating(seeded, d.slot)).toEqual(expected[d.slot]);
    // A map that has an index already keeps it.
    expect(seedSlotIndex(seeded, { ...image, slots: { allergy: [] } })).toBe(false);
    expect(factsStating(seeded, 'allergy')).toEqual(expected.allergy);
  });

  it('is not seeded from an image read under other rules, of another slot or of other facts', () => {
    const expected = eachOnItsOwn(manyFacts());
    for (const image of [
      { rules: 'other', slots: { allergy: [] } },
      { rules: SLOT_RULES, slots: { shoe: [] } },
      { rules: SLOT_RULES, slots: { allergy: ['f2', 'f999'] } },
    ]) {
      const facts = manyFacts();
      expect(seedSlotIndex(facts, image)).toBe(false);
      expect(factsStating(facts, 'allergy')).toEqual(expected.allergy);
    }
  });
});
