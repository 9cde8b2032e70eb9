/** `grove bench <name>`: benchmarks that print JSON, side by side with a reference when asked. */
import { readFile } from 'node:fs/promises';
import { benchTreeBuild } from '../bench/tree-build.ts';
import { benchTreeGrowth } from '../bench/tree-growth.ts';
import { intOption, parse, UsageError } from './args.ts';
import { runEmbedBench } from './embed-bench-command.ts';
import { runEvalThroughputBench } from './eval-throughput-bench-command.ts';
import { runStoreBench } from './store-bench-command.ts';
import { runTurnCostBench } from './turn-cost-command.ts';

const treeBuildOptions = {
  n: { type: 'string' },
  dim: { type: 'string' },
  seed: { type: 'string' },
  input: { type: 'string' },
  reference: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

async function readVectors(path: string): Promise<number[][]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read vectors from ${path}: ${(error as Error).message}`);
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new UsageError(`${path} must hold a non-empty JSON array of number arrays`);
  }
  const dim = (raw[0] as unknown[] | undefined)?.length;
  raw.forEach((row, i) => {
    if (
      !Array.isArray(row) ||
      row.length !== dim ||
      !row.every((x) => typeof x === 'number' && Number.isFinite(x))
    ) {
      throw new UsageError(`${path}: vector ${i} is not an array of ${dim} finite numbers`);
    }
  });
  return raw as number[][];
}

export async function runBench(argv: string[]) {
  const [name, ...rest] = argv;
  if (name === 'embed') return runEmbedBench(rest);
  if (name === 'store') return runStoreBench(rest);
  if (name === 'turn-cost') return runTurnCostBench(rest);
  if (name === 'eval-throughput') return runEvalThroughputBench(rest);
  if (name === 'tree-growth') return runTreeGrowthBench(rest);
  if (name !== 'tree-build')
    throw new UsageError(
      `unknown benchmark "${name ?? ''}" (known: tree-build, tree-growth, embed, store, turn-cost, eval-throughput)`,
    );
  const values = parse(rest, treeBuildOptions);
  if (values.input !== undefined && (values.n !== undefined || values.dim !== undefined)) {
    throw new UsageError('pass either --input or --n/--dim, not both');
  }
  const result = await benchTreeBuild({
    ...(values.input !== undefined
      ? { input: await readVectors(values.input) }
      : { n: intOption(values.n, 'n', 2000), dim: intOption(values.dim, 'dim', 100) }),
    seed: intOption(values.seed, 'seed', 42),
    reference: values.reference === true,
  });
  return { json: values.json === true, result, text: JSON.stringify(result, null, 2) };
}

const treeGrowthOptions = {
  sizes: { type: 'string' },
  'reference-sizes': { type: 'string' },
  'reseed-sizes': { type: 'string' },
  dim: { type: 'string' },
  seed: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function sizeList(value: string | undefined, name: string, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  const sizes = value.split(',').map((s) => Number(s.trim()));
  if (!sizes.every((n) => Number.isInteger(n) && n > 0)) {
    throw new UsageError(`--${name} must be a comma-separated list of positive integers`);
  }
  return sizes;
}

async function runTreeGrowthBench(rest: string[]) {
  const values = parse(rest, treeGrowthOptions);
  const result = await benchTreeGrowth({
    sizes: sizeList(values.sizes, 'sizes', [2000, 5000, 10000, 20000, 30000]),
    referenceSizes: sizeList(values['reference-sizes'], 'reference-sizes', []),
    reseedSizes: sizeList(values['reseed-sizes'], 'reseed-sizes', []),
    dim: intOption(values.dim, 'dim', 100),
    seed: intOption(values.seed, 'seed', 42),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  return { json: values.json === true, result, text: JSON.stringify(result, null, 2) };
}
