/**
 * Issue 13.5: the explorer and `grove eval` agree. The built-in example, built through the
 * explorer host (with the libm of another JavaScript engine: each Math.exp, log, pow and cos
 * one bit off, as Chromium's glibc is against Node's fdlibm) and through `grove eval`'s loop
 * (Node's own Math), with the real bundled embedder and no LLM: the same tree, and for every
 * question the same retrieved sessions, in the same order, for TaciTree's no-LLM walk, BM25 and
 * RAG over raw sessions.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../engine/datasets/load.ts';
import type { EvalMethod } from '../engine/eval/methods.ts';
import { runEval, type MemoryCache } from '../engine/eval/run-eval.ts';
import type { MemoryTree } from '../engine/types.ts';
import { createNodeBundledEmbedder } from '../models/embedder/node-bundled.ts';
import type { TransformersEmbedder } from '../models/embedder/transformers-embedder.ts';
import { createExplorerHost } from './explorer-host.ts';
import type {
  ExplorerBaseline,
  ExplorerRequest,
  ExplorerResponse,
  RunSummary,
} from './explorer-protocol.ts';

const FILE = 'grove-implexconv-example.json';
const TEXT = readFileSync(new URL(`../../public/examples/${FILE}`, import.meta.url), 'utf8');

/** Math.exp, log, pow and cos one unit in the last place up whenever the input's last bit is set. */
function otherEngineMath(): () => void {
  const f64 = new Float64Array(1);
  const u32 = new Uint32Array(f64.buffer);
  const odd = (x: number) => {
    f64[0] = x;
    return (u32[0]! & 1) === 1;
  };
  const nudge = (y: number) => {
    if (!Number.isFinite(y) || y === 0) return y;
    f64[0] = y;
    u32[0] = (u32[0]! + 1) >>> 0;
    return f64[0]!;
  };
  const saved = { exp: Math.exp, log: Math.log, pow: Math.pow, cos: Math.cos };
  Math.exp = (x) => (odd(x) ? nudge(saved.exp(x)) : saved.exp(x));
  Math.log = (x) => (odd(x) ? nudge(saved.log(x)) : saved.log(x));
  Math.pow = (x, y) => (odd(y) ? nudge(saved.pow(x, y)) : saved.pow(x, y));
  Math.cos = (x) => (odd(x) ? nudge(saved.cos(x)) : saved.cos(x));
  return () => Object.assign(Math, saved);
}

const leaves = (tree: MemoryTree) =>
  tree.levels[1]!.map((id) =>
    tree.nodes
      .get(id)!
      .children.map((child) => tree.nodes.get(child)!.factId!)
      .sort()
      .join(' '),
  ).sort();

let embedder: TransformersEmbedder;
const explorer: { tree?: MemoryTree; runs: RunSummary[] } = { runs: [] };

beforeAll(async () => {
  embedder = await createNodeBundledEmbedder();
  const waiting = new Map<number, (m: ExplorerResponse) => void>();
  const host = createExplorerHost(
    (m) => {
      if ('id' in m && m.type !== 'progress') waiting.get(m.id)?.(m);
    },
    {
      llmMode: 'none',
      embedder: () => Promise.resolve({ port: embedder, label: 'bundled' }),
      fetchText: () =>
        Promise.resolve({
          name: FILE,
          text: () => Promise.resolve(TEXT),
          arrayBuffer: () => Promise.resolve(new TextEncoder().encode(TEXT).buffer),
        }),
    },
  );
  let next = 1;
  const send = (request: Record<string, unknown>) => {
    const id = next++;
    return new Promise<ExplorerResponse>((resolve) => {
      waiting.set(id, resolve);
      host({ ...request, id } as ExplorerRequest);
    });
  };
  const restore = otherEngineMath();
  try {
    const loaded = await send({ type: 'load-url', url: `/examples/${FILE}`, name: FILE });
    if (loaded.type !== 'loaded') throw new Error(JSON.stringify(loaded));
    const built = await send({ type: 'build', conversation: 0 });
    if (built.type !== 'built') throw new Error(JSON.stringify(built));
    explorer.tree = built.build.tree;
    const questions = loaded.summary.conversations[0]!.questions;
    const baselines: ExplorerBaseline[] = ['bm25', 'rag-raw'];
    for (let question = 0; question < questions.length; question++) {
      const ran = await send({
        type: 'run',
        options: { conversation: 0, question, judge: 'hybrid', baselines, answer: false },
      });
      if (ran.type !== 'ran') throw new Error(JSON.stringify(ran));
      explorer.runs.push(ran.run);
    }
  } finally {
    restore();
  }
}, 120_000);

afterAll(async () => {
  await embedder?.dispose();
});

describe('the explorer and grove eval on the built-in example', () => {
  const dataset = loadDataset('implexconv', TEXT, FILE);
  const cache: MemoryCache = new Map();
  const evalRun = (method: EvalMethod) =>
    runEval({
      dataset,
      method,
      mode: { kind: 'none' },
      embedder,
      k: 5,
      seed: 42,
      memoryCache: cache,
    });

  it('build the same tree', async () => {
    await evalRun('tacitree-embedding');
    const [memory] = [...cache.values()];
    const tree = (await memory!).tree;
    expect(explorer.tree?.nodes.size).toBe(tree.nodes.size);
    expect(explorer.tree?.levels.map((l) => l.length)).toEqual(tree.levels.map((l) => l.length));
    expect(leaves(explorer.tree!)).toEqual(leaves(tree));
  });

  it.each([
    ['tacitree-embedding', 0],
    ['bm25', 1],
    ['rag-raw', 2],
  ] as const)('retrieve the same sessions with %s, question by question', async (method, row) => {
    const { rows } = await evalRun(method);
    expect(rows).toHaveLength(explorer.runs.length);
    expect(explorer.runs.map((run) => run.rows[row]!.retrievedSessions)).toEqual(
      rows.map((r) => r.retrieved_sessions),
    );
  });
});
