import { describe, expect, it } from 'vitest';
import { session } from '../facts/fixtures.test-support.ts';
import { buildMemory } from '../pipeline.ts';
import { HashEmbedder } from '../testing/index.ts';
import { asSessionId } from '../types.ts';
import { oracleJudge } from './judges.ts';
import { createTreeRetriever } from './retrieve.ts';

// Issue 22: a session in which the user only asked used to give no fact, so no walk could reach
// it, even one told the ground truth.
describe('a question-only session stays reachable', () => {
  it('the oracle walk finds the gold session whose user only asked', async () => {
    const sessions = [
      session('s1', [
        ['user', 'I keep two beehives behind the shed. The bigger colony is strong.'],
      ]),
      session('s2', [
        ['user', 'Hello!'],
        ['assistant', 'Hi! What can I do for you?'],
        ['user', 'How do I get more people to find my posts through search?'],
        ['assistant', 'Write clear titles, and link your posts to each other.'],
        ['user', 'Thanks!'],
      ]),
      session('s3', [['user', 'My sister Ana lives in Lisbon and works as a nurse.']]),
      session('s4', [
        ['user', 'Hi, how are you?'],
        ['assistant', 'Fine, thanks!'],
      ]),
    ];
    const memory = await buildMemory(sessions, { embedder: new HashEmbedder(), seed: 7 });
    const facts = [...memory.tree.facts.values()];
    const asked = facts.filter((f) => f.category === 'request');
    expect(asked.map((f) => [f.text, f.sources[0]?.sessionId, f.sources[0]?.turnIds])).toEqual([
      ['Asked how to get more people to find their posts through search', 's2', ['s2-t3']],
    ]);
    // The greeting-only session still gives nothing.
    expect(facts.some((f) => f.sources.some((s) => s.sessionId === 's4'))).toBe(false);

    const gold = [asSessionId('s2')];
    const result = await createTreeRetriever(memory.tree, {
      judge: oracleJudge({ sessionIds: gold }),
    }).retrieve('Should I start a newsletter for my blog?');
    const found = new Set(result.items.flatMap((i) => i.sessionIds));
    expect(found.has(asSessionId('s2'))).toBe(true);
  });
});
