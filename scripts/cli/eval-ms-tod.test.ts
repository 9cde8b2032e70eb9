import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { msTodFixtureText } from '../../src/engine/eval/ms-tod-fixture.test-support.ts';
import { SGD_FIXTURE } from '../../src/engine/task-memory/fixtures.test-support.ts';
import { UsageError } from './args.ts';
import { runEvalCommand } from './eval-command.ts';
import { isMsTodTaskMemoryRun } from './eval-ms-tod.ts';

const root = mkdtempSync(join(tmpdir(), 'grove-mstod-'));
const data = join(root, 'ms-tod');
mkdirSync(data);
mkdirSync(join(root, 'sgd'));
writeFileSync(join(data, 'persona_7.json'), msTodFixtureText());
writeFileSync(join(root, 'sgd', 'schema_train.json'), JSON.stringify(SGD_FIXTURE));
const quiet = { write: () => true, isTTY: false };
const common = ['--dataset', 'ms-tod', '--file', data, '--embedder', 'hash', '--json'];

describe('grove eval --dataset ms-tod (task memory)', () => {
  it('routes only the task-memory methods on MS-TOD', () => {
    expect(isMsTodTaskMemoryRun(['--dataset', 'ms-tod', '--method', 'map-embedding'])).toBe(true);
    expect(isMsTodTaskMemoryRun(['--dataset=ms-tod', '--method=bm25'])).toBe(true);
    expect(isMsTodTaskMemoryRun(['--dataset', 'locomo', '--method', 'bm25'])).toBe(false);
    expect(isMsTodTaskMemoryRun(['--dataset', 'ms-tod', '--method', 'tacitree-llm'])).toBe(false);
  });

  it('prints the summary with recall_at_k, k and Recall@1/3/5/10 for each method', async () => {
    for (const method of ['map-embedding', 'map-embedding-nojudge', 'bm25']) {
      const { json, result, text } = await runEvalCommand(
        [...common, '--method', method, '--k', '5'],
        {
          progress: quiet,
        },
      );
      expect(json).toBe(true);
      expect(result).toMatchObject({
        dataset: 'ms-tod',
        method,
        k: 5,
        questions: 2,
        recall_at_k: 1,
      });
      expect(Object.keys((result as unknown as { recall_at: object }).recall_at)).toEqual([
        '1',
        '3',
        '5',
        '10',
      ]);
      expect(result.embedder).toContain('TEST MODE');
      expect(text).toContain('Recall@k: @1');
    }
  });

  it('takes α and an explicit schema folder, and says what is wrong with bad options', async () => {
    const { result } = await runEvalCommand(
      [...common, '--method', 'map-embedding', '--alpha', '0.2', '--sgd', join(root, 'sgd')],
      { progress: quiet },
    );
    expect(result).toMatchObject({ alpha: 0.2 });
    expect(result.judge).toContain('alpha 0.2');
    await expect(runEvalCommand([...common, '--method', 'bm25', '--alpha', '2'])).rejects.toThrow(
      UsageError,
    );
    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--llm', 'scripted']),
    ).rejects.toThrow(/--llm none/);
    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--sgd', join(root, 'nowhere')]),
    ).rejects.toThrow(/No SGD schemas/);
  });
});
