import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildExample, orderSessions } from './build-implexconv-example.ts';
import { QUESTIONS } from './questions.ts';
import { SESSIONS_A } from './sessions-persona-a.ts';
import { SESSIONS_B } from './sessions-persona-b.ts';
import { SESSIONS_NOISE } from './sessions-noise.ts';

const ALL = [...SESSIONS_A, ...SESSIONS_B, ...SESSIONS_NOISE];

describe('the built-in IMPLEXCONV-style example', () => {
  it('has at least 40 sessions and 6 questions, supportive and opposed, with gold sessions', () => {
    const [example] = buildExample();
    expect(example?.conversation.length).toBeGreaterThanOrEqual(40);
    expect(example?.qa.length).toBeGreaterThanOrEqual(6);
    expect(new Set(example?.qa.map((q) => q.reasoning_type))).toEqual(
      new Set(['supportive', 'opposed']),
    );
    for (const q of example?.qa ?? []) expect(q.retrieved_conv.length).toBeGreaterThanOrEqual(2);
  });

  it('places every trait before its scenarios, never right before one', () => {
    const order = orderSessions(ALL);
    const at = new Map(order.map((s, i) => [s.id, i]));
    for (const q of QUESTIONS) {
      const [trait, ...scenarios] = q.evidence.map((id) => at.get(id) ?? -1);
      for (const s of scenarios) expect(s).toBeGreaterThan((trait ?? 0) + 1);
    }
  });

  it('gives every case lexically similar distractors, and ids are unique', () => {
    expect(new Set(ALL.map((s) => s.id)).size).toBe(ALL.length);
    for (const q of QUESTIONS) {
      expect(
        ALL.filter((s) => s.case === q.case && s.role === 'distractor').length,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('matches the committed file (regenerate with scripts/examples/build-implexconv-example.ts)', () => {
    const file = new URL('../../public/examples/grove-implexconv-example.json', import.meta.url);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(buildExample());
  });
});
