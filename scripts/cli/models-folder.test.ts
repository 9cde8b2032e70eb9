/** `--embedder <model folder>`: any transformers.js model folder on disk, offline. */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledModelFolder } from '../../src/models/embedder/node-bundled.ts';
import { UsageError } from './args.ts';
import { modelsFrom } from './models.ts';

const run = promisify(execFile);
let temp: string;
let folder: string;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'grove-cli-embedder-'));
  folder = join(temp, 'glove-copy');
  await cp(bundledModelFolder(), folder, { recursive: true });
});

afterAll(() => rm(temp, { recursive: true, force: true }));

describe('--embedder <model folder>', () => {
  it('loads an existing folder, labelled with its path, with the bundled vectors', async () => {
    const models = modelsFrom({ embedder: folder });
    expect(models.labels.embedder).toBe(`${folder} (transformers.js folder, q8, mean pooling)`);
    const bundled = modelsFrom({ embedder: 'bundled' });
    const texts = ['hiking in the mountains', 'a quiet evening with a book'];
    const [mine, theirs] = [
      await models.embedder.embed(texts),
      await bundled.embedder.embed(texts),
    ];
    expect(mine.map((v) => Array.from(v))).toEqual(theirs.map((v) => Array.from(v)));
  });

  it('rejects a path that does not exist with a UsageError saying so', () => {
    const missing = join(temp, 'no-such-model');
    expect(() => modelsFrom({ embedder: missing })).toThrow(UsageError);
    expect(() => modelsFrom({ embedder: missing })).toThrow(
      `--embedder must be bundled, hash or a model folder; "${missing}" is neither (no such folder: ${missing})`,
    );
  });

  it('rejects a folder that holds no model, naming what is missing', () => {
    expect(() => modelsFrom({ embedder: temp })).toThrow(
      /--embedder .*is not a transformers\.js model folder: config\.json, tokenizer\.json/,
    );
  });

  it('runs `grove build` with it end to end', async () => {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/grove.ts',
      'build',
      '--file',
      'examples/demo-conversation.json',
      '--embedder',
      folder,
      '--json',
    ]);
    const shape = JSON.parse(stdout) as { facts: number; models: { embedder: string } };
    expect(shape.models.embedder).toContain(folder);
    expect(shape.facts).toBeGreaterThan(0);
  });
});
