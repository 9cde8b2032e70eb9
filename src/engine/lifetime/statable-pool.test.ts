import { describe, expect, it } from 'vitest';
import { LayeredMap } from '../layered-map.ts';
import { createRng } from '../rng.ts';
import { asFactId, asSessionId, asTurnId, type Fact, type FactId } from '../types.ts';
import { mayStateAny } from './fact-readings.ts';
import { factsMayStating } from './statable-pool.ts';

const TEXTS = [
  'I live in Boston',
  'I moved to Denver last spring',
  'I work at Siemens as an engineer',
  'I drink oat milk flat whites',
  'I adopted a cat called Mochi',
  'I drive a red Volvo',
  'I like long walks by the sea',
  'My sister plays the cello',
];

const fact = (id: string, text: string): Fact => ({
  id: asFactId(id),
  text,
  category: 'other',
  sources: [{ sessionId: asSessionId('s'), turnIds: [asTurnId('t')] }],
});

describe('the facts whose words may state the slots asked', () => {
  it('are those a pass over every fact finds, in order, through changes, re-added facts and folds', () => {
    const rng = createRng(4);
    let facts: ReadonlyMap<FactId, Fact> = new Map(
      Array.from(
        { length: 300 },
        (_, i) => [asFactId(`f${i}`), fact(`f${i}`, `${TEXTS[i % 8]!} ${i}`)] as const,
      ),
    );
    const asked = [
      new Set(['home']),
      new Set(['home', 'car']),
      new Set(['employer', 'pet', 'drink']),
    ];
    for (let round = 0; round < 40; round++) {
      const edit = LayeredMap.edit(facts);
      for (let k = 0; k < 4; k++) {
        const id = asFactId(`f${Math.floor(rng.next() * 340)}`);
        const r = rng.next();
        const text = `${TEXTS[Math.floor(rng.next() * 8)]!} ${round}`;
        if (r < 0.4) edit.set(id, fact(id, text));
        else if (r < 0.7) edit.delete(id);
        else {
          // Deleted and set again: the fact goes last.
          edit.delete(id);
          edit.set(id, fact(id, text));
        }
      }
      facts = edit.freeze();
      const slots = asked[round % asked.length]!;
      const expected = [...facts.values()].filter((f) => mayStateAny(f, slots));
      const found = factsMayStating(facts, slots);
      expect(found.map((f) => f.id)).toEqual(expected.map((f) => f.id));
      found.forEach((f, i) => expect(f).toBe(expected[i]));
    }
  });
});
