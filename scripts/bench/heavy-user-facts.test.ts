import { describe, expect, it } from 'vitest';
import { FACT_CATEGORIES } from '../../src/engine/types.ts';
import { heavyUserSessions, TOPIC_NAMES } from './heavy-user-facts.ts';

describe('a heavy user', () => {
  const sessions = heavyUserSessions({ seed: 15 });
  const facts = sessions.flatMap((s) => s.facts);

  it('has 1,800 sessions over five years and 30,000 facts', () => {
    expect(sessions).toHaveLength(1800);
    expect(facts).toHaveLength(30_000);
    expect(sessions[0]?.time).toBe('2021-01-01T19:00:00.000Z');
    expect(sessions.at(-1)?.time.startsWith('2025-12')).toBe(true);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(1800);
  });

  it('reads like facts, over many topics, varied', () => {
    expect(TOPIC_NAMES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(facts.map((f) => f.text)).size).toBeGreaterThan(15_000);
    for (const fact of facts.slice(0, 500)) {
      expect(fact.text).toMatch(/^[A-Z].*\.$/);
      expect(fact.text).not.toMatch(/ {2}| \./);
      expect(FACT_CATEGORIES).toContain(fact.category);
    }
  });

  it('is the same for the same seed, different for another', () => {
    const again = heavyUserSessions({ seed: 15, sessions: 50, facts: 800 });
    expect(again).toEqual(heavyUserSessions({ seed: 15, sessions: 50, facts: 800 }));
    expect(again).not.toEqual(heavyUserSessions({ seed: 16, sessions: 50, facts: 800 }));
  });
});
