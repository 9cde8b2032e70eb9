import { describe, expect, it } from 'vitest';
import { syntheticLocomo } from '../../src/engine/datasets/fixtures.test-support.ts';
import { loadDataset } from '../../src/engine/datasets/load.ts';
import { DEFAULT_TREE_SETTINGS } from '../../src/engine/eval/methods.ts';
import { HashEmbedder } from '../../src/engine/testing/index.ts';
import { half, tune } from './tree-judge-tune.ts';

const conversations = [0, 1, 2].map((i) => syntheticLocomo(4, `conv-${i}`));
const dataset = loadDataset('locomo', JSON.stringify(conversations), 'syn.json');

describe('tree judge tuning', () => {
  it('splits the file by position: even for tuning, odd for confirmation', () => {
    expect(half(dataset, 0).conversations.map((c) => c.id)).toEqual(['conv-0', 'conv-2']);
    expect(half(dataset, 1).conversations.map((c) => c.id)).toEqual(['conv-1']);
  });

  it('reports recall@5, recall of the set and tokens per half and overall, per setting', async () => {
    const rows = await tune(dataset, new HashEmbedder(), [
      { label: 'embedding', tree: { ...DEFAULT_TREE_SETTINGS, judge: 'embedding' } },
      { label: 'hybrid', tree: DEFAULT_TREE_SETTINGS },
    ]);
    expect(rows.map((r) => r.setting)).toEqual(['embedding', 'hybrid']);
    for (const row of rows) {
      expect(row.all.questions).toBe(row.even.questions + row.odd.questions);
      expect(row.even.questions).toBe(2 * row.odd.questions);
      expect(row.all.recall_at_5).toBeGreaterThanOrEqual(0);
      expect(row.all.recall_set).toBeGreaterThanOrEqual(row.all.recall_at_5);
      expect(row.all.tokens).toBeGreaterThan(0);
    }
  });
});
