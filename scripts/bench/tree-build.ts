/**
 * Tree-build benchmark: the full clustering policy (src/engine/cluster/hierarchy.ts) on seeded
 * synthetic embeddings, each cluster's parent vector being its members' mean direction (a
 * stand-in for an embedded LLM summary). With `reference`, the same vectors also go through
 * scripts/reference/tree_build_ref.py (umap-learn + scikit-learn, same policy).
 *
 *   npx tsx scripts/bench/tree-build.ts [--n 2000] [--dim 100] [--seed 0] [--reference]
 *                                       [--input vectors.json]
 *
 * Like the reference, Grove's numbers are from a second run in the same process (ms_total_cold:
 * the first, JIT warm-up included).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { adjustedRandIndex } from '../../src/engine/cluster/ari.ts';
import { buildHierarchy } from '../../src/engine/cluster/hierarchy.ts';
import { meanDirection } from '../../src/engine/vector.ts';
import type { Vector } from '../../src/engine/types.ts';
import { syntheticEmbeddings } from './synthetic.ts';

export interface TreeBuildStats {
  readonly n: number;
  readonly dim: number;
  /** Number of levels, level 0 (the input) included. */
  readonly levels: number;
  /** Node count per level, level 0 first. */
  readonly nodes: number[];
  readonly ms_umap: number;
  readonly ms_gmm: number;
  readonly ms_total: number;
  /** The first run in the process (V8 or numba JIT warm-up included). */
  readonly ms_total_cold?: number;
  /** CPU time of the timed run, all threads: steadier than wall clock on a busy machine. */
  readonly cpu_ms_total?: number;
  /** ARI of the level-1 clusters against the generating topics, when known. */
  readonly ari_topics?: number;
}

export interface TreeBuildComparison {
  readonly grove: TreeBuildStats;
  readonly reference: TreeBuildStats;
  /** reference.ms_total / grove.ms_total (warm against warm). */
  readonly speedup: number;
}

export interface TreeBuildOptions {
  readonly n?: number;
  readonly dim?: number;
  readonly seed?: number;
  readonly input?: number[][];
  /** Known topic of each input vector: adds ari_topics. */
  readonly topics?: number[];
  readonly reference?: boolean;
}

const REFERENCE_SCRIPT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../reference/tree_build_ref.py',
);

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function runOnce(vectors: readonly Vector[], seed: number, topics?: readonly number[]) {
  const t0 = globalThis.performance.now();
  const c0 = cpuMs();
  const tree = await buildHierarchy(vectors, {
    seed,
    summarize: (_level, members, levelVectors) =>
      meanDirection(members.map((i) => levelVectors[i]!)),
  });
  const ms = globalThis.performance.now() - t0;
  const cpu = cpuMs() - c0;
  const first = tree.levels[1];
  let ari: number | undefined;
  if (topics && first) {
    const labels = new Int32Array(vectors.length);
    first.forEach((node, c) => node.children.forEach((i) => (labels[i] = c)));
    ari = adjustedRandIndex(topics, labels);
  }
  return { tree, ms, cpu, ari };
}

export async function benchTreeBuild(
  opts: TreeBuildOptions & { reference: true },
): Promise<TreeBuildComparison>;
export async function benchTreeBuild(opts?: TreeBuildOptions): Promise<TreeBuildStats>;
export async function benchTreeBuild(
  opts: TreeBuildOptions = {},
): Promise<TreeBuildStats | TreeBuildComparison> {
  const seed = opts.seed ?? 0;
  const synthetic = opts.input
    ? undefined
    : syntheticEmbeddings(opts.n ?? 2000, opts.dim ?? 100, seed);
  const vectors = synthetic?.vectors ?? (opts.input ?? []).map((v) => Float32Array.from(v));
  const topics = synthetic?.topics ?? opts.topics;

  const cold = await runOnce(vectors, seed, topics);
  const warm = await runOnce(vectors, seed, topics);
  const grove: TreeBuildStats = {
    n: vectors.length,
    dim: vectors[0]?.length ?? 0,
    levels: warm.tree.levels.length,
    nodes: warm.tree.levels.map((l) => l.length),
    ms_umap: warm.tree.msUmap,
    ms_gmm: warm.tree.msGmm,
    ms_total: warm.ms,
    ms_total_cold: cold.ms,
    cpu_ms_total: warm.cpu,
    ...(warm.ari === undefined ? {} : { ari_topics: warm.ari }),
  };
  if (!opts.reference) return grove;
  const reference = runReference(vectors, seed, topics);
  return { grove, reference, speedup: reference.ms_total / grove.ms_total };
}

/** umap-learn + scikit-learn (scripts/reference/tree_build_ref.py) on the same vectors. */
export function runReference(
  vectors: readonly Vector[],
  seed: number,
  topics?: readonly number[],
): TreeBuildStats {
  const dir = mkdtempSync(join(tmpdir(), 'grove-bench-'));
  try {
    const file = join(dir, 'vectors.json');
    const payload = { vectors: vectors.map((v) => Array.from(v)), ...(topics ? { topics } : {}) };
    writeFileSync(file, JSON.stringify(payload));
    const out = execFileSync(
      '/usr/bin/python3',
      [REFERENCE_SCRIPT, '--input', file, '--seed', String(seed)],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(out.trim().split('\n').pop() ?? '{}') as TreeBuildStats;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** A JSON list of vectors, or { vectors, topics? } (the reference script reads the same). */
function readInput(file: string): { input: number[][]; topics?: number[] } {
  const data = JSON.parse(readFileSync(file, 'utf8')) as
    number[][] | { vectors: number[][]; topics?: number[] };
  if (Array.isArray(data)) return { input: data };
  return { input: data.vectors, ...(data.topics ? { topics: data.topics } : {}) };
}

async function main(args: string[]): Promise<void> {
  const inputFile = flag(args, 'input');
  const num = (name: string) =>
    flag(args, name) === undefined ? undefined : Number(flag(args, name));
  const opts: TreeBuildOptions = {
    ...(num('n') === undefined ? {} : { n: num('n')! }),
    ...(num('dim') === undefined ? {} : { dim: num('dim')! }),
    ...(num('seed') === undefined ? {} : { seed: num('seed')! }),
    ...(inputFile ? readInput(inputFile) : {}),
    reference: args.includes('--reference'),
  };
  const result = await benchTreeBuild(opts);
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
