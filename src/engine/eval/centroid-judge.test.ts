import { beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder } from '../testing/index.ts';
import { createTreeRetriever } from '../tree/retrieve.ts';
import { tinyTree } from '../tree/tiny-tree.test-support.ts';
import type { MemoryTree } from '../types.ts';
import { centroidJudge } from './centroid-judge.ts';

const embedder = new HashEmbedder();
let tree: MemoryTree;
beforeAll(async () => {
  tree = await tinyTree(embedder);
});

describe('centroidJudge', () => {
  it('steers by the facts under each node, keeping the beam best per level', async () => {
    const result = await createTreeRetriever(tree, {
      judge: centroidJudge({ beam: 1 }),
      embedder,
    }).retrieve('Is my partner allergic to peanuts?');
    const sessions = [...new Set(result.items.flatMap((i) => i.sessionIds))];
    expect(sessions).toEqual(['s2']);
    expect(result.llmCalls).toBe(0);
    const keep = result.events.find((e) => e.type === 'keep');
    expect(keep).toMatchObject({ reason: expect.stringContaining('centroid cosine') });
  });

  it('needs the question embedded', async () => {
    await expect(
      createTreeRetriever(tree, { judge: centroidJudge() }).retrieve('anything'),
    ).rejects.toThrow(/needs the question embedded/);
  });
});
