import { beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder } from '../testing/index.ts';
import type { MemoryTree } from '../types.ts';
import { embeddingJudge } from './judges.ts';
import { createTreeRetriever } from './retrieve.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const centroidJudge = (options: { beam?: number } = {}) =>
  embeddingJudge({ ...options, nodeVector: 'centroid' });

const embedder = new HashEmbedder();
let tree: MemoryTree;
beforeAll(async () => {
  tree = await tinyTree(embedder);
});

describe('embedding judge steering by fact centroids', () => {
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
