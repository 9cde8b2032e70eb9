/**
 * Eval-throughput benchmark (issue 15): `grove eval` against a fake OpenAI-compatible server
 * with a fixed latency (200 ms) that serves up to 64 requests at once, on 127.0.0.1, started and
 * stopped here (in a child process of its own, so the client's work never delays its replies).
 * Each concurrency N runs the same kind of workload, scaled with N (2·N generated IMPLEXCONV-
 * shaped examples of 12 sessions, method rag-summary: extraction, tree summaries, session
 * summaries, answer and answer check, about 30 calls an example), from a cold cache, so every
 * run lasts about as long at perfect scaling; throughput is server calls per second of wall time
 * and the speed-up is against N = 1 (with the share of what N slots allow beside it, since N = 1
 * pays the client's own work in full while larger N overlap it). Then the last run is repeated over its warm cache (it must
 * ask the server nothing), and another method runs over it (it must ask for no extraction and
 * no summary: methods share them).
 *
 *   npm run grove -- bench eval-throughput --json
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LLM_PURPOSES } from '../../src/engine/llm-purposes.ts';
import { runEvalCommand } from '../cli/eval-command.ts';
import { evalThroughputWorkload } from './eval-throughput-workload.ts';
import { startFakeOpenAiServer, type FakeServerStats } from './fake-openai-server.ts';

export interface EvalThroughputOptions {
  readonly concurrencies?: readonly number[];
  readonly latencyMs?: number;
  /** Requests the fake server serves at once. */
  readonly serverSlots?: number;
  readonly sessions?: number;
  /** Examples per unit of concurrency (examples = this × N). */
  readonly examplesPerSlot?: number;
  readonly method?: string;
  /** The method run over the warm cache to show that methods share extraction and summaries. */
  readonly otherMethod?: string;
  /** Run the server in this process (tests); by default it gets a process of its own. */
  readonly inProcess?: boolean;
}

export interface ThroughputRun {
  readonly concurrency: number;
  readonly examples: number;
  readonly calls: number;
  readonly wall_s: number;
  readonly calls_per_s: number;
  /** calls_per_s against N = 1's. */
  readonly speedup: number;
  /** speedup / N. */
  readonly efficiency: number;
  /** What N slots of the server's latency allow: N × 1000 / latency_ms. */
  readonly ideal_calls_per_s: number;
  /** calls_per_s / ideal_calls_per_s: the client's overhead shows here, N = 1 included. */
  readonly share_of_ideal: number;
  /** The most requests the server saw at once: at most N. */
  readonly peak_in_flight: number;
  readonly calls_by_purpose: Readonly<Record<string, number>>;
}

export interface WarmRun {
  readonly method: string;
  readonly concurrency: number;
  readonly examples: number;
  readonly calls: number;
  readonly extraction_calls: number;
  /** Tree summaries and session summaries. */
  readonly summary_calls: number;
  readonly wall_s: number;
}

export interface EvalThroughputResult {
  readonly server: { readonly latency_ms: number; readonly max_concurrent: number };
  /** This machine: CPUs and load average (1 min) before the runs; timings depend on both. */
  readonly machine: { readonly cpus: number; readonly load_1m: number };
  readonly workload: {
    readonly kind: string;
    readonly method: string;
    readonly sessions_per_example: number;
    readonly examples_per_run: string;
    readonly embedder: string;
  };
  readonly runs: readonly ThroughputRun[];
  readonly warm_cache: WarmRun;
  readonly other_method_warm_cache: WarmRun;
  readonly target: string;
  readonly meets_target: boolean;
}

interface ServerHandle {
  readonly spec: string;
  readonly stats: () => Promise<FakeServerStats>;
  readonly reset: () => Promise<void>;
  readonly close: () => Promise<void>;
}

async function inProcessServer(latencyMs: number, slots: number): Promise<ServerHandle> {
  const server = await startFakeOpenAiServer({ latencyMs, maxConcurrent: slots });
  return {
    spec: server.spec(),
    stats: () => Promise.resolve(server.stats()),
    reset: () => Promise.resolve(server.resetStats()),
    close: server.close,
  };
}

async function childServer(latencyMs: number, slots: number): Promise<ServerHandle> {
  const entry = fileURLToPath(new URL('./fake-openai-server-process.ts', import.meta.url));
  const child: ChildProcess = fork(
    entry,
    ['--latency', String(latencyMs), '--max-concurrent', String(slots)],
    { execArgv: process.execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fake server exited (code ${code})`)));
  });
  const root = url.replace(/\/v1$/, '');
  return {
    spec: `openai:${url}#fake`,
    stats: async () => (await (await fetch(`${root}/fake/stats`)).json()) as FakeServerStats,
    reset: async () => void (await fetch(`${root}/fake/reset`, { method: 'POST' })).body?.cancel(),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const quiet = { isTTY: false, write: () => true };

export async function benchEvalThroughput(
  options: EvalThroughputOptions = {},
): Promise<EvalThroughputResult> {
  const concurrencies = options.concurrencies ?? [1, 8, 32, 64];
  const latencyMs = options.latencyMs ?? 200;
  const slots = options.serverSlots ?? 64;
  const sessions = options.sessions ?? 12;
  const perSlot = options.examplesPerSlot ?? 2;
  const method = options.method ?? 'rag-summary';
  const otherMethod = options.otherMethod ?? 'tacitree-embedding';
  const largest = Math.max(...concurrencies);
  const dir = mkdtempSync(join(tmpdir(), 'grove-eval-throughput-'));
  const file = join(dir, 'workload.jsonl');
  writeFileSync(file, evalThroughputWorkload({ examples: perSlot * largest, sessions }));
  const server = options.inProcess
    ? await inProcessServer(latencyMs, slots)
    : await childServer(latencyMs, slots);

  const evaluate = async (runMethod: string, n: number, cache: string) => {
    await server.reset();
    const examples = perSlot * n;
    const started = performance.now();
    const { result } = await runEvalCommand(
      [
        '--dataset',
        'implexconv',
        '--file',
        file,
        '--method',
        runMethod,
        '--llm',
        server.spec,
        '--embedder',
        'hash',
        '--concurrency',
        String(n),
        '--cache',
        cache,
        '--limit',
        String(examples),
      ],
      { progress: quiet },
    );
    const wall = (performance.now() - started) / 1000;
    if (result.questions !== examples || result.failed_questions > 0)
      throw new Error(`eval-throughput: ${runMethod} at N = ${n} left questions undone`);
    return { examples, wall, stats: await server.stats() };
  };
  const warm = (runMethod: string, n: number, run: Awaited<ReturnType<typeof evaluate>>) => {
    const count = (purpose: string) => run.stats.byPurpose[purpose] ?? 0;
    return {
      method: runMethod,
      concurrency: n,
      examples: run.examples,
      calls: run.stats.requests,
      extraction_calls: count(LLM_PURPOSES.extractFacts),
      summary_calls: count(LLM_PURPOSES.summarise) + count(LLM_PURPOSES.summariseSession),
      wall_s: round(run.wall),
    };
  };

  try {
    // Warm-up, not timed: loads the modules and JIT-compiles the build before N = 1 is timed.
    await runEvalCommand(
      [
        ...['--dataset', 'implexconv', '--file', file, '--method', method, '--llm', 'scripted'],
        ...['--embedder', 'hash', '--limit', '2'],
      ],
      { progress: quiet },
    );
    const machine = { cpus: availableParallelism(), load_1m: round(loadavg()[0] ?? 0) };
    const runs: ThroughputRun[] = [];
    let base: number | undefined;
    let lastCache = '';
    for (const n of concurrencies) {
      lastCache = join(dir, `cache-${n}`);
      const { examples, wall, stats } = await evaluate(method, n, lastCache);
      const perSecond = stats.requests / wall;
      base ??= n === 1 ? perSecond : undefined;
      const speedup = base === undefined ? Number.NaN : perSecond / base;
      runs.push({
        concurrency: n,
        examples,
        calls: stats.requests,
        wall_s: round(wall),
        calls_per_s: round(perSecond),
        speedup: round(speedup),
        efficiency: round(speedup / n),
        ideal_calls_per_s: round((n * 1000) / latencyMs),
        share_of_ideal: round((perSecond * latencyMs) / (n * 1000)),
        peak_in_flight: stats.peakConcurrent,
        calls_by_purpose: stats.byPurpose,
      });
    }
    const again = await evaluate(method, largest, lastCache);
    const other = await evaluate(otherMethod, largest, lastCache);
    const warmCache = warm(method, largest, again);
    const checked = runs.filter((r) => r.concurrency <= 32);
    return {
      server: { latency_ms: latencyMs, max_concurrent: slots },
      machine,
      workload: {
        kind: 'generated IMPLEXCONV-shaped examples (scripts/bench/eval-throughput-workload.ts), one question each, fake server replies',
        method,
        sessions_per_example: sessions,
        examples_per_run: `${perSlot} × N`,
        embedder: 'hash (the embedder is not what is measured)',
      },
      runs,
      warm_cache: warmCache,
      other_method_warm_cache: warm(otherMethod, largest, other),
      target:
        'speed-up ≥ 0.8 × N for N ≤ 32 (needs N = 1 in the run); a warm cache makes 0 extraction and summary calls',
      meets_target:
        concurrencies.includes(1) &&
        checked.every((r) => r.speedup >= 0.8 * r.concurrency) &&
        warmCache.extraction_calls + warmCache.summary_calls === 0,
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
