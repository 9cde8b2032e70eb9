/** `grove bench eval-throughput`: grove eval's calls per second against a fake server, by N. */
import { benchEvalThroughput, type EvalThroughputResult } from '../bench/eval-throughput.ts';
import { intOption, parse, UsageError } from './args.ts';

const options = {
  concurrency: { type: 'string' },
  latency: { type: 'string' },
  sessions: { type: 'string' },
  'examples-per-slot': { type: 'string' },
  json: { type: 'boolean' },
} as const;

function concurrencies(value: string | undefined): number[] {
  if (value === undefined) return [1, 8, 32, 64];
  const list = value.split(',').map((part) => Number(part.trim()));
  if (list.length === 0 || !list.every((n) => Number.isInteger(n) && n >= 1))
    throw new UsageError(
      `--concurrency takes whole numbers ≥ 1 separated by commas, got "${value}"`,
    );
  return list;
}

function text(result: EvalThroughputResult): string {
  return [
    `Machine: ${result.machine.cpus} CPUs, load ${result.machine.load_1m}`,
    `Fake server: ${result.server.latency_ms} ms a reply, ${result.server.max_concurrent} at once; ${result.workload.method}, ${result.workload.examples_per_run} examples of ${result.workload.sessions_per_example} sessions`,
    ...result.runs.map(
      (r) =>
        `N = ${r.concurrency}: ${r.calls} calls in ${r.wall_s} s, ${r.calls_per_s} calls/s, speed-up ${r.speedup} (${Math.round(r.efficiency * 100)}% of N; ${Math.round(r.share_of_ideal * 100)}% of the ${r.ideal_calls_per_s} calls/s N slots allow), peak ${r.peak_in_flight} in flight`,
    ),
    `Warm cache (${result.warm_cache.method}): ${result.warm_cache.calls} calls, ${result.warm_cache.extraction_calls} extraction, ${result.warm_cache.summary_calls} summary`,
    `Warm cache, ${result.other_method_warm_cache.method}: ${result.other_method_warm_cache.extraction_calls} extraction, ${result.other_method_warm_cache.summary_calls} summary calls`,
    `Target (${result.target}): ${result.meets_target ? 'met' : 'NOT met'}`,
  ].join('\n');
}

export async function runEvalThroughputBench(argv: string[]) {
  const values = parse(argv, options);
  const latencyMs = intOption(values.latency, 'latency', 200);
  const sessions = intOption(values.sessions, 'sessions', 12);
  const examplesPerSlot = intOption(values['examples-per-slot'], 'examples-per-slot', 2);
  if (latencyMs < 0 || sessions < 1 || examplesPerSlot < 1)
    throw new UsageError('--latency must be ≥ 0, --sessions and --examples-per-slot ≥ 1');
  const result = await benchEvalThroughput({
    concurrencies: concurrencies(values.concurrency),
    latencyMs,
    sessions,
    examplesPerSlot,
  });
  return { json: values.json === true, result, text: text(result) };
}
