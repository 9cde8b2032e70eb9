import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEvalCommand } from './eval-command.ts';
import { isNtmRun, runNtmEvalCommand } from './eval-ntm.ts';

const dir = mkdtempSync(join(tmpdir(), 'grove-ntm-'));
const file = join(dir, 'ntm-syn.jsonl');
const dialogue = (id: string) => ({
  conversation_id: id,
  metadata: { rounds: '4' },
  user_turns: [
    { turn_id: 1, content: 'Plan a trip to Oslo for 5 days with a budget of 2000 euros.' },
    { turn_id: 2, content: 'How cold is Norway in winter?' },
    { turn_id: 3, content: 'Make the Oslo trip 4 days instead, and add a fjord cruise.' },
    { turn_id: 4, content: 'What is the final trip plan?' },
  ],
  checkpoint_question:
    'Does the plan include (1) 4 days in Oslo, (2) a 2000 euros budget and (3) a fjord cruise?',
});
writeFileSync(file, `${JSON.stringify(dialogue('a'))}\n${JSON.stringify(dialogue('b'))}\n`);
const quiet = { write: () => true, isTTY: false };
const common = ['--dataset', 'ntm', '--file', file, '--embedder', 'hash', '--json'];

describe('grove eval --dataset ntm', () => {
  it('is routed from grove eval and prints the summary fields of the issue', async () => {
    expect(isNtmRun(common)).toBe(true);
    expect(isNtmRun(['--dataset=ntm'])).toBe(true);
    expect(isNtmRun(['--dataset', 'locomo'])).toBe(false);
    const { json, result } = await runEvalCommand([...common, '--llm', 'none'], {
      progress: quiet,
    });
    expect(json).toBe(true);
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining([
        'dataset',
        'conversations',
        'context_tokens_mean',
        'linear_tokens_mean',
        'token_ratio',
        'goal_coverage',
        'linear_goal_coverage',
        'decisions',
      ]),
    );
    expect(result).toMatchObject({ dataset: 'ntm', conversations: 2, task_completion: null });
    expect(JSON.stringify(result)).toContain('the assistant side is empty');
  });

  it('replies and judges with --llm scripted (test mode), and writes and resumes --out rows', async () => {
    const out = join(dir, 'rows.jsonl');
    const args = [...common, '--llm', 'scripted', '--out', out];
    const first = await runNtmEvalCommand([...args, '--limit', '1'], { progress: quiet });
    expect(first.result.conversations).toBe(1);
    expect(first.result.task_completion).not.toBeNull();
    expect(first.result.llm).toContain('TEST MODE');
    const second = await runNtmEvalCommand(args, { progress: quiet });
    expect(second.result.conversations).toBe(2);
    expect(second.result.notes.some((n) => n.startsWith('resumed: 1 rows'))).toBe(true);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.conversation_id)).toEqual(['ntm-a', 'ntm-b']);
    expect(rows[0]).toMatchObject({
      run: { dataset: 'ntm', llm: 'scripted' },
      final_reply: expect.any(String),
    });
    await expect(
      runNtmEvalCommand([...common, '--llm', 'none', '--out', out], { progress: quiet }),
    ).rejects.toThrow(/holds rows of another run/);
  });

  it('rejects options that make no sense on NTM with actionable messages', async () => {
    await expect(
      runNtmEvalCommand([...common, '--llm', 'oracle'], { progress: quiet }),
    ).rejects.toThrow(/--llm oracle has no meaning on NTM/);
    await expect(
      runNtmEvalCommand([...common, '--method', 'bm25'], { progress: quiet }),
    ).rejects.toThrow(/--method must be one of context-agent/);
    await expect(
      runNtmEvalCommand([...common, '--branch-threshold', '3'], { progress: quiet }),
    ).rejects.toThrow(/branchThreshold is a cosine/);
  });
});
