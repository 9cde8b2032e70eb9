import { describe, expect, it } from 'vitest';
import {
  decodeOutline,
  drawnOutline,
  encodeOutline,
  treeOutline,
  WHOLE_OUTLINE_MAX_FACTS,
} from './outline.ts';
import { chunkedTree, HashEmbedder } from '../testing/index.ts';
import { createRng, gaussian } from '../rng.ts';
import { asFactId, asSessionId } from '../types.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const embedder = new HashEmbedder();

describe('treeOutline', () => {
  it('keeps every node, level and fact of the tree but no embedding', async () => {
    const tree = await tinyTree(embedder);
    const outline = treeOutline(tree);
    expect([...outline.nodes.keys()]).toEqual([...tree.nodes.keys()]);
    expect(outline.levels).toEqual(tree.levels);
    expect([...outline.facts.values()]).toEqual([...tree.facts.values()]);
    for (const [id, node] of tree.nodes) {
      const drawn = outline.nodes.get(id);
      expect(drawn).not.toHaveProperty('embedding');
      const { embedding: _dropped, ...rest } = node;
      expect(drawn).toEqual(rest);
    }
  });

  it('is derived once per tree: the same tree gives the same outline', async () => {
    const tree = await tinyTree(embedder);
    expect(treeOutline(tree)).toBe(treeOutline(tree));
    expect(treeOutline(await tinyTree(embedder))).not.toBe(treeOutline(tree));
  });

  it('survives a structured clone with no vector in it', async () => {
    const copy = structuredClone(treeOutline(await tinyTree(embedder)));
    for (const node of copy.nodes.values()) expect(Object.keys(node)).not.toContain('embedding');
  });

  it('crosses as one text and comes back the same, in the same order', async () => {
    const tree = await tinyTree(embedder);
    const outline = treeOutline(tree);
    const text = encodeOutline(outline);
    expect(typeof text).toBe('string');
    const back = decodeOutline(structuredClone(text));
    expect([...back.nodes.keys()]).toEqual([...outline.nodes.keys()]);
    expect([...back.nodes.values()]).toEqual([...outline.nodes.values()]);
    expect(back.levels).toEqual(outline.levels);
    expect([...back.facts.keys()]).toEqual([...outline.facts.keys()]);
    expect([...back.facts.values()]).toEqual([...outline.facts.values()]);
    expect(encodeOutline(outline)).toBe(text);
  });

  it('keeps a source’s time only where the fact has one, and an empty tree empty', () => {
    const withTime = {
      nodes: new Map(),
      levels: [[]],
      facts: new Map([
        [
          'a',
          {
            id: 'a',
            text: 'A.',
            category: 'plan',
            sources: [
              { sessionId: 's1', turnIds: ['s1:1'], time: '2024-01-01' },
              { sessionId: 's2', turnIds: [] },
            ],
          },
        ],
      ]),
    } as unknown as Parameters<typeof encodeOutline>[0];
    const back = decodeOutline(encodeOutline(withTime));
    expect(back.facts.get('a' as never)?.sources).toEqual([
      { sessionId: 's1', turnIds: ['s1:1'], time: '2024-01-01' },
      { sessionId: 's2', turnIds: [] },
    ]);
    expect(back.facts.get('a' as never)?.sources[1]).not.toHaveProperty('time');
    expect(back.levels).toEqual([[]]);
  });

  it('carries facts’ lifetimes: dates, who replaced whom and how, and none where there is none', () => {
    const fact = (id: string, extra: object) => [
      id,
      { id, text: `${id}.`, category: 'other', sources: [], ...extra },
    ];
    const outline = {
      nodes: new Map(),
      levels: [[]],
      facts: new Map([
        fact('denver', {
          validFrom: '2024-03',
          validTo: '2024-05',
          supersededBy: 'seattle',
          supersededHow: 'rule',
        }),
        fact('seattle', { validFrom: '2024-05' }),
        fact('cat', {}),
      ] as never),
    } as unknown as Parameters<typeof encodeOutline>[0];
    const back = decodeOutline(encodeOutline(outline));
    expect([...back.facts.values()]).toEqual([...outline.facts.values()]);
    expect(back.facts.get('cat' as never)).not.toHaveProperty('validFrom');
    expect(back.facts.get('seattle' as never)).not.toHaveProperty('supersededBy');
  });
});

describe('drawnOutline', () => {
  const bigTree = () => {
    const rng = createRng(3);
    return chunkedTree(
      Array.from({ length: WHOLE_OUTLINE_MAX_FACTS + 1 }, (_, i) => ({
        id: asFactId(`f${i}`),
        text: `fact ${i}`,
        category: 'other' as const,
        sources: [{ sessionId: asSessionId(`s${i % 50}`), turnIds: [] }],
        embedding: Float32Array.from([gaussian(rng), gaussian(rng), gaussian(rng)]),
      })),
    );
  };

  it('is the whole outline of a small tree', async () => {
    const tree = await tinyTree(embedder);
    expect(drawnOutline(tree)).toBe(treeOutline(tree));
    expect(drawnOutline(tree).partial).toBeUndefined();
  });

  it("holds a large tree's summaries only, counts what it left out, and crosses as text", () => {
    const tree = bigTree();
    const drawn = drawnOutline(tree);
    expect(drawn.facts.size).toBe(0);
    expect(drawn.levels[0]).toEqual([]);
    expect(drawn.levels.slice(1)).toEqual(tree.levels.slice(1));
    expect(drawn.nodes.size).toBe(tree.nodes.size - tree.levels[0]!.length);
    expect(drawn.partial).toEqual({
      facts: WHOLE_OUTLINE_MAX_FACTS + 1,
      levelSizes: tree.levels.map((l) => l.length),
    });
    const leaf = tree.levels[1]![0]!;
    expect(drawn.nodes.get(leaf)?.children).toEqual(tree.nodes.get(leaf)?.children);
    const back = decodeOutline(encodeOutline(drawn));
    expect(back.partial).toEqual(drawn.partial);
    expect(back.nodes.get(leaf)?.children).toEqual(tree.nodes.get(leaf)?.children);
    expect(back.levels).toEqual(drawn.levels);
    expect(decodeOutline(encodeOutline(treeOutline(tree))).partial).toBeUndefined();
  });
});
