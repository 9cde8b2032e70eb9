import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalRow, FailedRow } from '../../src/engine/eval/run-eval.ts';
import { appendRow, readRunRecords, type RunKey } from './eval-rows.ts';

const run: RunKey = {
  dataset: 'locomo',
  method: 'bm25',
  llm: 'openai:http://h/v1#m',
  embedder: 'hash',
  k: 5,
  seed: 42,
  oracle_noise: 0,
};

const row = (id: string) =>
  ({
    question_id: id,
    conversation: 'c',
    question: `q ${id}`,
    correct: true,
  }) as unknown as EvalRow;
const failure = (id: string, error = 'HTTP 503'): FailedRow => ({
  question_id: id,
  conversation: 'c',
  question: `q ${id}`,
  category: null,
  error,
});

describe('the --out rows file', () => {
  it('reads failed rows back as questions to do again, until a later row does them', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'grove-rows-')), 'rows.jsonl');
    await appendRow(path, run, row('q0'));
    await appendRow(path, run, failure('q1'));
    await appendRow(path, run, failure('q2', 'timed out'));
    let records = await readRunRecords(path, run);
    expect(records.rows.map((r) => r.question_id)).toEqual(['q0']);
    expect(records.failed).toEqual([failure('q1'), failure('q2', 'timed out')]);

    // The next run does q1 again and records it; q2 fails once more.
    await appendRow(path, run, row('q1'));
    await appendRow(path, run, failure('q2', 'still timed out'));
    records = await readRunRecords(path, run);
    expect(records.rows.map((r) => r.question_id)).toEqual(['q0', 'q1']);
    expect(records.failed).toEqual([failure('q2', 'still timed out')]);
    // Nothing is ever removed from the file: every failure stays on record.
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(5);
  });

  it('drops only a partial last line (a run killed mid-write)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'grove-rows-')), 'rows.jsonl');
    await appendRow(path, run, failure('q0'));
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"run": {"dataset": "loc`);
    const records = await readRunRecords(path, run);
    expect(records.failed.map((f) => f.question_id)).toEqual(['q0']);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it("resumes rows written under a method's old name under its current one", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'grove-rows-')), 'rows.jsonl');
    await appendRow(path, { ...run, method: 'collapsed' }, row('q0'));
    const records = await readRunRecords(path, { ...run, method: 'collapsed-tree' });
    expect(records.rows.map((r) => r.question_id)).toEqual(['q0']);
    await expect(readRunRecords(path, { ...run, method: 'flat-facts' })).rejects.toThrow(
      /rows of another run/,
    );
  });
});
