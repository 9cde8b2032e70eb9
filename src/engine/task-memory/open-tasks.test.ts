import { describe, expect, it } from 'vitest';
import { asSessionId } from '../types.ts';
import { closedness, termCosine, termVectors, unitText } from './open-tasks.ts';
import type { TaskMemoryUnit } from './types.ts';

const unit = (id: string, text: string, activation = true): TaskMemoryUnit => ({
  id,
  intent: activation ? 'intent only' : text,
  ...(activation ? { activationText: text } : {}),
  qa: [],
  provenance: { sessionId: asSessionId(id), turnIds: [], method: 'extractive' },
});

describe('TF-IDF term vectors', () => {
  it('are unit length, weigh rare words up and compare symmetrically', () => {
    const [a, b, c] = termVectors([
      'Bluefin table Bluefin dinner',
      'Bluefin dinner for four',
      'dinner at Sushi Bar',
    ]);
    const length = (v: ReadonlyMap<string, number>) =>
      Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));
    expect(length(a ?? new Map())).toBeCloseTo(1);
    // "dinner" is in every text, "bluefin" in two: the rarer word weighs more.
    expect(a?.get('bluefin')).toBeGreaterThan(a?.get('dinner') ?? Infinity);
    expect(termCosine(a ?? new Map(), b ?? new Map())).toBeCloseTo(
      termCosine(b ?? new Map(), a ?? new Map()),
    );
    expect(termCosine(a ?? new Map(), b ?? new Map())).toBeGreaterThan(
      termCosine(a ?? new Map(), c ?? new Map()),
    );
    expect(termVectors(['the of and'])[0]?.size).toBe(0);
  });
});

describe('closedness (the open-task prior)', () => {
  const memory = [
    unit('p/S0', 'Four tickets for the Mariners vs Rangers game in Seattle on March 1st.'),
    unit('p/S1', 'A table for two at Bluefin in San Jose on March 4th.'),
    unit('p/S2', 'Lower deck seats for the Mariners vs Rangers game, reserved.'),
    unit('p/S3', 'Confirmed: four lower deck tickets, Mariners vs Rangers, Seattle, March 1st.'),
  ];

  it('is 1 for a completed unit and follows the resemblance to one for the others', () => {
    const closed = closedness(memory, new Set(['p/S3']));
    expect(closed[3]).toBe(1);
    // The earlier sessions of the finished ticket task resemble it; the dinner does not.
    expect(closed[0]).toBeGreaterThan(0.2);
    expect(closed[2]).toBeGreaterThan(0.2);
    expect(closed[1]).toBeLessThan(0.1);
    expect(closed.every((c) => c >= 0 && c <= 1)).toBe(true);
  });

  it('is 0 everywhere when no unit completed its task (or the completed one is not a candidate)', () => {
    expect(closedness(memory, new Set())).toEqual([0, 0, 0, 0]);
    expect(closedness(memory, new Set(['p/S9']))).toEqual([0, 0, 0, 0]);
    expect(closedness([], new Set(['p/S3']))).toEqual([]);
  });

  it('reads the activation text, or the intent when a unit has none', () => {
    expect(unitText(memory[0] as TaskMemoryUnit)).toContain('Mariners');
    const bare = unit('p/S4', 'Mariners vs Rangers tickets', false);
    expect(unitText(bare)).toBe('Mariners vs Rangers tickets');
    const closed = closedness([bare, memory[3] as TaskMemoryUnit], new Set(['p/S3']));
    expect(closed[0]).toBeGreaterThan(0);
  });
});
