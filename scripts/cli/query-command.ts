/** `grove query`: build the memory, then walk it for one question; prints traversal and facts. */
import type { TraversalEvent } from '../../src/engine/retrieval.ts';
import {
  embeddingJudge,
  JUDGE_NAMES,
  llmListwiseJudge,
  llmNodeJudge,
  oracleJudge,
  type NodeJudge,
} from '../../src/engine/tree/judges.ts';
import { hybridJudge } from '../../src/engine/tree/hybrid-judge.ts';
import { createTreeRetriever } from '../../src/engine/tree/retrieve.ts';
import { asSessionId } from '../../src/engine/types.ts';
import { choice, intOption, parse, required, UsageError } from './args.ts';
import { buildFromArgs, buildOptions, type BuiltMemory } from './build-command.ts';

const queryOptions = {
  ...buildOptions,
  question: { type: 'string' },
  judge: { type: 'string' },
  'leaf-mode': { type: 'string' },
  'max-calls': { type: 'string' },
  'gold-sessions': { type: 'string' },
} as const;

function judgeFor(
  name: (typeof JUDGE_NAMES)[number],
  built: BuiltMemory,
  question: string,
  gold?: string,
): NodeJudge {
  const { llm } = built.models;
  if ((name === 'llm' || name === 'llm-listwise') && !llm) {
    throw new UsageError(
      `--judge ${name} needs an LLM: pass --llm scripted (or use --judge hybrid)`,
    );
  }
  if (name === 'llm') return llmNodeJudge(llm!);
  if (name === 'llm-listwise') return llmListwiseJudge(llm!);
  if (name === 'embedding') return embeddingJudge();
  if (name === 'hybrid') return hybridJudge();
  const fromFile = built.conversation.questions.find(
    (q) => q.question === question,
  )?.evidenceSessions;
  const sessions =
    gold
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? fromFile;
  if (!sessions || sessions.length === 0) {
    throw new UsageError(
      '--judge oracle needs the ground truth: pass --gold-sessions s1,s2 or a question from the file',
    );
  }
  return oracleJudge({ sessionIds: sessions.map(asSessionId) });
}

export async function runQuery(argv: string[]) {
  const values = parse(argv, queryOptions);
  const question = required(values.question, 'question');
  const judgeName = choice(values.judge, 'judge', JUDGE_NAMES, 'hybrid');
  const leafMode = choice(
    values['leaf-mode'],
    'leaf-mode',
    ['collect', 'judge'] as const,
    'collect',
  );
  const built = await buildFromArgs(values);
  const judge = judgeFor(judgeName, built, question, values['gold-sessions']);
  const retriever = createTreeRetriever(built.build.tree, {
    judge,
    embedder: built.models.embedder,
    leafMode,
    ...(values['max-calls'] !== undefined
      ? { maxCalls: intOption(values['max-calls'], 'max-calls', 0) }
      : {}),
  });
  const result = await retriever.retrieve(question);
  const tree = built.build.tree;
  const output = {
    question,
    judge: judgeName,
    models: built.models.labels,
    llmCalls: result.llmCalls,
    judgeTokens: result.judgeTokens,
    contextTokens: result.contextTokens,
    retrieved: result.items.map((item) => ({
      id: item.id,
      text: item.text,
      sessions: item.sessionIds,
    })),
    traversal: result.events.filter((e) => e.type !== 'visit'),
  };
  const text = [
    `Question: ${question}`,
    `Judge: ${judgeName}   LLM: ${built.models.labels.llm}`,
    'Traversal:',
    ...output.traversal.map((e) => formatEvent(e, (id) => tree.nodes.get(id)?.text ?? id)),
    `Retrieved ${result.items.length} (${result.contextTokens} tokens, ${result.llmCalls} LLM calls):`,
    ...output.retrieved.map((r) => `  - ${r.text}  [${r.sessions.join(', ')}]`),
  ].join('\n');
  return { json: values.json === true, result: output, text };
}

function formatEvent(e: TraversalEvent, textOf: (id: never) => string): string {
  const label = (id: string) => JSON.stringify(textOf(id as never).slice(0, 70));
  switch (e.type) {
    case 'keep':
    case 'prune':
      return `  ${'  '.repeat(Math.max(0, 3 - e.level))}${e.type === 'keep' ? '✓ keep ' : '✗ prune'} L${e.level} ${label(e.node)} — ${e.reason}`;
    case 'select':
      return `      → select ${e.factId ?? e.node}`;
    case 'fallback':
      return `  ! fallback: ${e.reason}`;
    case 'budget-exhausted':
      return `  ! call budget exhausted after ${e.calls} calls`;
    case 'trim':
      return `  ✂ ${e.reason}`;
    case 'done':
      return `  done: ${e.selected} selected, ${e.calls} calls, ${e.tokens} judge tokens`;
    case 'visit':
      return `  visit ${e.node}`;
  }
}
