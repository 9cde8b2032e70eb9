import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { syntheticLocomo } from '../../src/engine/datasets/fixtures.test-support.ts';
import { runEvalCommand } from './eval-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'grove-eval-'));
const file = join(dir, 'locomo-syn.json');
writeFileSync(file, JSON.stringify([syntheticLocomo(24)]));
const quiet = { write: () => true, isTTY: false };
const common = ['--dataset', 'locomo', '--file', file, '--embedder', 'hash', '--json'];

describe('grove eval', () => {
  it('prints the summary with every field of the issue', async () => {
    const { json, result } = await runEvalCommand([...common, '--method', 'bm25'], {
      progress: quiet,
    });
    expect(json).toBe(true);
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining([
        'dataset',
        'method',
        'embedder',
        'llm',
        'questions',
        'retrieval_f1',
        'recall_at_k',
        'k',
        'tokens_mean',
        'llm_calls_mean',
        'brute_force_calls_mean',
        'ms_per_query',
        'answer_accuracy',
        'recall_set',
        'set_size_mean',
      ]),
    );
    expect(result).toMatchObject({
      dataset: 'locomo',
      method: 'bm25',
      questions: 24,
      k: 5,
      answer_accuracy: null,
    });
    expect(result.embedder).toContain('TEST MODE');
  });

  it('measures the oracle: recall near 1 for far fewer calls than brute force', async () => {
    const { result } = await runEvalCommand(
      [...common, '--method', 'tacitree-llm', '--llm', 'oracle'],
      { progress: quiet },
    );
    expect(result.recall_set).toBe(1);
    expect(result.llm_calls_mean).toBeLessThan(result.brute_force_calls_mean / 2);
    expect(result.judge).toContain('oracle');
    const noisy = await runEvalCommand(
      [
        ...common,
        '--method',
        'tacitree-llm',
        '--llm',
        'oracle',
        '--oracle-noise',
        '0.3',
        '--seed',
        '3',
      ],
      { progress: quiet },
    );
    expect(noisy.result.recall_set).toBeLessThan(1);
  });

  it('says when a TaciTree LLM method falls back to the no-LLM (hybrid) judge without an LLM', async () => {
    const { result } = await runEvalCommand(
      [...common, '--method', 'tacitree-listwise', '--limit', '3'],
      { progress: quiet },
    );
    expect(result.judge).toMatch(/^hybrid \(0\.25·z\(cosine\) \+ 0\.75·z\(BM25/);
    expect(result.judge).toMatch(/no LLM, tacitree-listwise falls back to the hybrid judge/);
    expect(result.notes).toContain('--limit 3: the first 3 questions only');
  });

  it('--tree-judge embedding keeps the cosine-only judge; --embedding-weight tunes the hybrid', async () => {
    const run = (...extra: string[]) =>
      runEvalCommand([...common, '--method', 'tacitree-embedding', '--limit', '6', ...extra], {
        progress: quiet,
      });
    const embedding = (await run('--tree-judge', 'embedding')).result;
    expect(embedding.judge).toBe('embedding (beam 6, fact centroids)');
    expect(embedding.notes).toContainEqual(
      expect.stringContaining('tree settings: embedding judge'),
    );
    const hybrid = (await run()).result;
    expect(hybrid.judge).toContain('set ranked by the same fusion');
    expect(hybrid.notes.some((n: string) => n.startsWith('tree settings'))).toBe(false);
    const weighted = (await run('--embedding-weight', '1')).result;
    expect(weighted.judge).toMatch(/^hybrid \(1·z\(cosine\) \+ 0·z\(BM25/);
    expect(weighted.notes).toContainEqual(
      expect.stringContaining('hybrid judge (embedding weight 1)'),
    );
    await expect(run('--tree-judge', 'magic')).rejects.toThrow(/--tree-judge must be one of/);
    await expect(run('--embedding-weight', '2')).rejects.toThrow(/--embedding-weight must be/);
    await expect(run('--tree-judge', 'embedding', '--embedding-weight', '0.5')).rejects.toThrow(
      /applies to --tree-judge hybrid only/,
    );
  });

  it('flat-hybrid ranks every fact by the hybrid fusion; at --embedding-weight 1 by cosine alone', async () => {
    const run = async (method: string, ...extra: string[]) =>
      (await runEvalCommand([...common, '--method', method, ...extra], { progress: quiet })).result;
    const hybrid = await run('flat-hybrid');
    expect(hybrid.judge).toBe(
      "none (no judge; every fact ranked by the hybrid's fusion, 0.25·z(cosine) + 0.75·z(BM25, 0.5 of it the session's))",
    );
    expect(hybrid.set_size_mean).toBeLessThanOrEqual(5);
    expect(hybrid.llm_calls_mean).toBe(0);
    const cosineOnly = await run('flat-hybrid', '--embedding-weight', '1');
    expect(cosineOnly.judge).toContain("1·z(cosine) + 0·z(BM25, 0.5 of it the session's)");
    // Cosine alone, to the question expanded by feedback (tree/query-feedback.ts), with requests
    // ranked below statements: no longer flat-facts' plain cosine, the same number of facts.
    const flat = await run('flat-facts');
    expect(cosineOnly.set_size_mean).toBe(flat.set_size_mean);
    const deep = await run('flat-hybrid', '--flat-depth', 'sessions');
    expect(deep.notes).toContainEqual(
      expect.stringContaining('until they span 5 distinct sessions'),
    );
    expect(deep.set_size_mean).toBeGreaterThanOrEqual(hybrid.set_size_mean);
    expect(deep.recall_at_k).toBeGreaterThanOrEqual(hybrid.recall_at_k ?? 0);
    await expect(run('bm25', '--flat-depth', 'sessions')).rejects.toThrow(
      /--flat-depth applies to --method flat-hybrid only/,
    );
    await expect(run('flat-hybrid', '--flat-depth', 'deep')).rejects.toThrow(
      /--flat-depth must be one of/,
    );
  });

  it('judges answers with --llm scripted (test mode) and reports answer accuracy', async () => {
    const { result } = await runEvalCommand(
      [...common, '--method', 'flat-facts', '--llm', 'scripted', '--limit', '4'],
      { progress: quiet },
    );
    expect(result.answer_accuracy).not.toBeNull();
    expect(result.llm).toContain('TEST MODE');
  });

  it('writes rows to --out and resumes from them, with sparse progress lines off a terminal', async () => {
    const out = join(dir, 'rows.jsonl');
    const args = [...common, '--method', 'flat-facts', '--out', out];
    await runEvalCommand([...args, '--limit', '5'], { progress: quiet });
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(5);
    const lines: string[] = [];
    const { result } = await runEvalCommand([...args, '--limit', '8'], {
      progress: { isTTY: false, write: (t: string) => lines.push(t) },
    });
    expect(result.questions).toBe(8);
    expect(result.notes.some((n: string) => n.startsWith('resumed: 5 rows'))).toBe(true);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(8);
    expect(lines[0]).toBe('eval flat-facts: 5/8 (63%)\n');
    const row = JSON.parse(readFileSync(out, 'utf8').split('\n')[0] ?? '{}');
    expect(row).toMatchObject({
      run: { method: 'flat-facts', dataset: 'locomo' },
      question_id: 'conv-syn#0',
    });

    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--out', out], { progress: quiet }),
    ).rejects.toThrow(/holds rows of another run/);
  });

  it('--large-level builds the memories on the large-level path and keeps its rows apart', async () => {
    const out = join(dir, 'large-level-rows.jsonl');
    const args = [...common, '--method', 'tacitree-embedding', '--limit', '3', '--out', out];
    const { result } = await runEvalCommand([...args, '--large-level', '0'], { progress: quiet });
    expect(result.questions).toBe(3);
    const row = JSON.parse(readFileSync(out, 'utf8').split('\n')[0] ?? '{}');
    expect(row.run).toMatchObject({ method: 'tacitree-embedding', large_level: 0 });
    await expect(runEvalCommand(args, { progress: quiet })).rejects.toThrow(
      /holds rows of another run/,
    );
    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--large-level', 'many'], { progress: quiet }),
    ).rejects.toThrow(/--large-level/);
  });

  it('rejects bad arguments and malformed files with messages naming what is wrong', async () => {
    await expect(
      runEvalCommand([...common, '--method', 'magic'], { progress: quiet }),
    ).rejects.toThrow(/--method must be one of tacitree-llm/);
    await expect(
      runEvalCommand(
        [
          '--dataset',
          'locomo',
          '--file',
          file,
          '--method',
          'bm25',
          '--llm',
          'none',
          '--oracle-noise',
          '0.2',
        ],
        { progress: quiet },
      ),
    ).rejects.toThrow(/--oracle-noise applies to --llm oracle only/);
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([{ sample_id: 'a', conversation: { speaker_a: 'A' }, qa: [] }]),
    );
    await expect(
      runEvalCommand(
        ['--dataset', 'locomo', '--file', bad, '--method', 'bm25', '--embedder', 'hash'],
        { progress: quiet },
      ),
    ).rejects.toThrow(/bad\.json: record 0: field conversation\.speaker_b/);
  });

  it('is registered in the grove command line; an old method name works, with a notice', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'scripts/grove.ts',
      'eval',
      ...common,
      '--method',
      'collapsed',
      '--limit',
      '2',
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ method: 'collapsed-tree', questions: 2 });
    expect(stderr).toContain('method "collapsed" is now called "collapsed-tree"');
  });
});
