/**
 * Grove's command line: `npm run grove -- <command> [options]`.
 * Results go to stdout (JSON with --json), errors to stderr with a non-zero exit.
 */
import { runBench } from './cli/bench-command.ts';
import { runBuild } from './cli/build-command.ts';
import { runEvalCommand } from './cli/eval-command.ts';
import { runQuery } from './cli/query-command.ts';
import { UsageError } from './cli/args.ts';

const USAGE = `Usage: npm run grove -- <command> [options]

Commands:
  build --file <conversation.json> [--llm none|scripted|openai:URL#model]
        [--embedder bundled|hash|<model folder>] [--seed N] [--json]
      Build the memory tree and print its shape (levels, nodes per level, roots).
  query --file <conversation.json> --question "..."
        [--judge llm|llm-listwise|hybrid|embedding|oracle] (default hybrid: no LLM)
        [--leaf-mode collect|judge] [--max-calls N] [--gold-sessions s1,s2] [--llm ...] [--json]
      Walk the tree for a question; print the traversal and the retrieved facts.
  bench tree-build (--n N --dim D --seed S | --input vectors.json) [--reference] --json
      Cluster vectors through the full TaciTree policy; --reference also runs umap-learn +
      scikit-learn on the same input and prints both side by side.
  bench tree-growth [--sizes 2000,5000,10000,20000,30000] [--reference-sizes 2000,10000]
        [--reseed-sizes 10000] --json
      Rebuild growth: the tree build at each size on the exact path and the default policy
      (NN-descent kNN and a sampled mixture above 5,000 points a level), with growth exponents.
  bench store [--sessions 100] [--facts-per-session 30] [--dim 384] --json
      Save and load a synthetic memory forest through the IndexedDB repositories (Node).
  bench embed [--n 2000] --json
      Embed synthetic sentences with the bundled embedder (Node); prints {n, ms, per_second}.
  bench eval-throughput [--concurrency 1,8,32,64] [--latency 200] [--sessions 12]
        [--examples-per-slot 2] --json
      grove eval against a fake OpenAI-compatible server on 127.0.0.1 (200 ms a reply, 64 at
      once): calls per second and speed-up per N, then a re-run over the warm cache.
  eval --dataset implexconv|locomo|ms-tod|ntm|grove --file <path> --method <name>
       [--embedder bundled|hash|<model folder>] [--llm none|scripted|oracle|openai:URL#model]
       [--k 5] [--limit N] [--oracle-noise p] [--seed S] [--out rows.jsonl] [--json]
       [--tree-judge hybrid|embedding] [--embedding-weight 0.25] [--beam 6]
       [--flat-depth facts|sessions]
       [--concurrency N] [--cache DIR | --no-cache] [--max-attempts 6] [--large-level N]
      Measure one method's retrieval (recall@k, F1, tokens, LLM calls) on a benchmark.
      --large-level N: tree levels above N points take the large-level path (NN-descent kNN, a
      sampled mixture; default 5000), e.g. 0 to check that path's retrieval on small memories.
      Methods: tacitree-llm, tacitree-listwise, tacitree-embedding, collapsed-tree, flat-facts,
      flat-hybrid, rag-raw, rag-summary, bm25, bm25-turns, bm25-turns-sessions, long-context
      (the explorer and docs/results.md use the same names; "collapsed" still works, with a
      notice).
      An existing --out resumes.
      --tree-judge: the TaciTree judge without an LLM (tacitree-embedding, and the LLM methods
      without an LLM): hybrid = w·z(cosine) + (1 − w)·z(BM25), w = --embedding-weight (default);
      embedding = cosine alone. flat-hybrid ranks every fact by the hybrid's fusion, no tree:
      its top k facts, or with --flat-depth sessions the facts until they span k sessions.
      MS-TOD task-memory activation (MAP): --dataset ms-tod --file <personas folder>
      --method map-embedding|map-embedding-nojudge|bm25 [--alpha 0.5] [--query-turns user|all].
      NTM (Context-Agent): --dataset ntm --file <dialogues.jsonl> (no --method): context tokens
      against the linear history, goal coverage, and the topic/branch decisions.
      Against a server (--llm openai:URL#model), every dataset: --concurrency N at once (N calls
      in flight at most; questions with their extraction and summaries, MS-TOD questions, NTM
      dialogues), rows and figures those of a one-at-a-time run; 429, 5xx and time-outs retried
      with backoff (Retry-After honoured) up to --max-attempts; replies cached in .grove-cache/llm
      (--cache DIR elsewhere, --no-cache off), so re-runs and other methods reuse them. Each retry
      is said on stderr at once ("cannot reach …; retry 2 of 5 in 4 s"). A question during which
      a call still fails (every dataset; a failed judge call is never a keep) is recorded in --out
      with its error, left out of the figures (failed_questions) and retried by the next run; a
      server that never answered stops the run, and a run where every question failed exits
      non-zero. Unreadable model output is counted per purpose (unreadable_outputs).
      --cache, --no-cache and --max-attempts need --llm openai:URL#model.

The default embedder is the bundled GloVe model (public/models, no download). --embedder <folder>
loads any transformers.js feature-extraction model folder offline (config.json, tokenizer.json,
tokenizer_config.json, onnx/model.onnx or onnx/model_quantized.onnx; mean pooling unless a
grove.json there says {"pooling": "cls"}). --llm scripted and --embedder hash are test fakes (the
CLI's explicit test mode).
--llm openai:http://127.0.0.1:8080#model uses an OpenAI-compatible server (llama.cpp, Ollama,
vLLM): prompts LEAVE THIS DEVICE for that server.`;

const commands: Record<
  string,
  (argv: string[]) => Promise<{ json: boolean; result: unknown; text: string }>
> = {
  build: runBuild,
  query: runQuery,
  bench: runBench,
  eval: (argv) => runEvalCommand(argv),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`grove: unknown command "${name}"\n\n${USAGE}\n`);
    return 2;
  }
  try {
    const { json, result, text } = await command(rest);
    process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : `${text}\n`);
    return 0;
  } catch (error) {
    const err = error as Error;
    process.stderr.write(
      `grove ${name}: ${err.name === 'Error' ? '' : `${err.name}: `}${err.message}\n`,
    );
    if (err instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
    return err instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
