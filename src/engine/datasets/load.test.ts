import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConversationFormatError } from './grove-format.ts';
import { LOCOMO_SAMPLE } from './fixtures.test-support.ts';
import { loadDataset, mergeDatasets } from './load.ts';

describe('loadDataset', () => {
  it("reads Grove's own example format, questions' evidence sessions as gold", () => {
    const path = 'examples/demo-conversation.json';
    const dataset = loadDataset('grove', readFileSync(path, 'utf8'), path);
    const [conv] = dataset.conversations;
    expect(conv?.sessions.length).toBeGreaterThan(0);
    expect(conv?.questions.length).toBeGreaterThan(0);
    expect(conv?.questions.every((q) => q.evidenceSessions.length > 0)).toBe(true);
    expect(() => loadDataset('grove', '{"format": "x"}', 'bad.json')).toThrow(
      ConversationFormatError,
    );
  });

  it('dispatches by name and merges the files of one benchmark', () => {
    const a = loadDataset('locomo', JSON.stringify([LOCOMO_SAMPLE]), 'a.json');
    const b = loadDataset(
      'locomo',
      JSON.stringify([{ ...LOCOMO_SAMPLE, sample_id: 'conv-y' }]),
      'b.json',
    );
    const merged = mergeDatasets([a, b], 'dir');
    expect(merged.conversations.map((c) => c.id)).toEqual(['conv-x', 'conv-y']);
    expect(merged.notes).toEqual(a.notes);
    expect(() => mergeDatasets([], 'dir')).toThrow(RangeError);
  });
});
