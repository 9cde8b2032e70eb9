import { readFileSync } from 'node:fs';
import { UnknownDatasetError } from './explorer-errors.ts';
import { describe, expect, it } from 'vitest';
import { DatasetFormatError } from '../engine/datasets/eval-model.ts';
import { detectDataset, parseDatasetSource, parseDatasetText } from './dataset-file.ts';

const here = (path: string) => new URL(path, import.meta.url);
const source = (name: string, bytes: Uint8Array) => ({
  name,
  text: () => Promise.resolve(new TextDecoder().decode(bytes)),
  arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
});

describe('explorer dataset files', () => {
  it('reads the built-in example: 43 sessions, supportive and opposed questions with gold', () => {
    const text = readFileSync(here('../../public/examples/grove-implexconv-example.json'), 'utf8');
    const dataset = parseDatasetText(text, 'grove-implexconv-example.json');
    expect(dataset.dataset).toBe('implexconv');
    const [conv] = dataset.conversations;
    expect(conv?.sessions.length).toBeGreaterThanOrEqual(40);
    expect(conv?.questions.length).toBeGreaterThanOrEqual(6);
    const categories = new Set(conv?.questions.map((q) => q.category));
    expect(categories).toEqual(new Set(['supportive', 'opposed']));
    for (const q of conv?.questions ?? []) expect(q.evidenceSessions.length).toBeGreaterThan(0);
    expect(conv?.sessions[0]?.turns[0]?.speaker).toBe('user');
  });

  it('reads hub rows as JSON Lines and tells LoCoMo and Grove files apart', () => {
    const row = {
      conversation: { '0': 'Speaker1: I bake bread.\nAssistant: Nice!' },
      question: 'Bread?',
      retrieved_conv: [0],
    };
    const dataset = parseDatasetText(
      `${JSON.stringify(row)}\n${JSON.stringify(row)}\n`,
      'rows.jsonl',
    );
    expect(dataset.conversations).toHaveLength(2);
    expect(dataset.conversations[0]?.questions[0]?.evidenceSessions).toHaveLength(1);
    expect(detectDataset({ sample_id: 'conv-1', conversation: {} })).toBe('locomo');
    expect(detectDataset({ format: 'grove-conversation' })).toBe('grove');
    expect(detectDataset([1])).toBeUndefined();
  });

  it("reads the hub's parquet rows through hyparquet", async () => {
    const bytes = readFileSync(here('./fixtures/implexconv-hub-sample.parquet'));
    const dataset = await parseDatasetSource(source('sample.parquet', new Uint8Array(bytes)));
    expect(dataset.conversations).toHaveLength(2);
    const [supportive, opposed] = dataset.conversations;
    expect(supportive?.sessions).toHaveLength(7);
    expect(supportive?.questions[0]?.category).toBe('supportive');
    expect(supportive?.questions[0]?.evidenceSessions).toHaveLength(3);
    expect(opposed?.questions[0]?.category).toBe('opposed');
  });

  it('rejects unknown and broken files with a message naming the file', async () => {
    expect(() => parseDatasetText('{"hello": 1}', 'x.json')).toThrow(UnknownDatasetError);
    await expect(
      parseDatasetSource(source('bad.parquet', new Uint8Array([1, 2, 3]))),
    ).rejects.toThrow(DatasetFormatError);
  });
});
