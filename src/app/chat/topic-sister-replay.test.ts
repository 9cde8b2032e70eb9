/**
 * Issue 24: tried as a new user would with no model, after a session about a sister, "Where does
 * my sister live?" opened a new topic instead of going back to the sister topic. This replays that
 * chat through the app's topic router with the bundled embedder (local files only) and no LLM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import { createNodeBundledEmbedder } from '../../models/embedder/node-bundled.ts';
import type { TransformersEmbedder } from '../../models/embedder/transformers-embedder.ts';
import { createGroveStore } from '../../state/store.ts';
import { createChatController } from './chat-controller.ts';
import { createTopicRouter } from './discourse-context.ts';

let embedder: TransformersEmbedder;
beforeAll(async () => {
  embedder = await createNodeBundledEmbedder();
});
afterAll(async () => {
  await embedder.dispose();
});

const SISTER = [
  'My sister Emma just moved to Lisbon for a new job.',
  'She found a small flat near the river and loves the neighbourhood.',
  'I want to visit my sister in the spring, maybe for a week.',
];
const GARDEN = [
  'My tomato plants have yellow leaves and the soil stays wet.',
  'Should I water them less often or move the pots into the sun?',
];

async function replay(turns: readonly string[]) {
  const store = createGroveStore();
  store.getState().setMemoryEnabled(false);
  const chat = createChatController({
    store,
    memory: {} as MemoryClient,
    chatLlm: () => undefined,
    onMemoryChanged: async () => {},
    topics: createTopicRouter({ store, embedder: async () => embedder }),
  });
  for (const turn of turns) await chat.send(turn);
  const turns_ = Object.values(store.getState().topics.turns).sort((a, b) => a.turn - b.turn);
  return turns_;
}

describe('sister replay (no model)', () => {
  it('goes back to the sister topic for "Where does my sister live?"', async () => {
    const placed = await replay([...SISTER, ...GARDEN, 'Where does my sister live?']);
    const sisterTrees = new Set(placed.slice(0, SISTER.length).map((t) => t.treeNumber));
    const gardenTrees = new Set(
      placed.slice(SISTER.length, SISTER.length + GARDEN.length).map((t) => t.treeNumber),
    );
    // The garden is a topic of its own…
    expect([...gardenTrees].filter((n) => sisterTrees.has(n))).toEqual([]);
    // …and the question goes back to the sister topic, not to a new one or the garden.
    const question = placed.at(-1);
    expect(question?.topic).toBe('other-tree');
    expect(sisterTrees.has(question?.treeNumber ?? -1)).toBe(true);
    expect(question?.pathRounds).toBeGreaterThanOrEqual(1);
  });
});
