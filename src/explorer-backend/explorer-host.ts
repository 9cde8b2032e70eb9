/**
 * The explorer worker's logic, apart from its thin entry file so it runs in tests: load a
 * benchmark file, build one conversation's memory tree (engine pipeline, progress reported),
 * run a question through TaciTree and the baselines. Requests are served one at a time.
 */
import type { EvalDataset, EvalQuestion } from '../engine/datasets/eval-model.ts';
import { conversationMemory } from '../engine/eval/conversation-memory.ts';
import { cloneableTree } from '../engine/tree/cloneable-tree.ts';
import type { EmbedderPort, LlmPort } from '../engine/ports.ts';
import type { Progress } from '../engine/progress.ts';
import { parseDatasetSource, type DatasetSource } from './dataset-file.ts';
import type {
  BuildSummary,
  DatasetSummary,
  ExplorerRequest,
  ExplorerResponse,
  QuestionSummary,
} from './explorer-protocol.ts';
import { NoDatasetError } from './explorer-errors.ts';
import type { PageLlmClient } from '../rpc/page-llm-bridge.ts';
import { serveRequests } from '../rpc/serve-requests.ts';
import { runQuestion, type MemoryContext } from './run-methods.ts';

export interface HostDeps {
  /** The embedder (loaded on first use; its load progress is reported). */
  embedder(onProgress: (p: Progress) => void): Promise<{ port: EmbedderPort; label: string }>;
  /** The scripted LLM in test mode; undefined otherwise. */
  readonly scriptedLlm?: LlmPort;
  readonly llmMode: 'page' | 'scripted' | 'none';
  /** llm mode 'page': the page's model, over the page-LLM bridge (src/rpc/page-llm-bridge.ts). */
  readonly pageLlm?: Pick<PageLlmClient, 'available'> & LlmPort;
  fetchText(url: string): Promise<DatasetSource>;
}

/** Reports a percentage that never goes back (and stays below 100 until done). */
function monotoneProgress(task: string, emit: (p: Progress) => void) {
  let last = 0;
  emit({ status: 'initiate', task });
  return (pct: number, stage: string, loaded: number, total: number) => {
    last = Math.max(last, Math.min(99.9, pct));
    emit({ status: 'progress', task, stage, progress: last, loaded, total });
  };
}

function questionSummary(q: EvalQuestion): QuestionSummary {
  return {
    id: q.id,
    question: q.question,
    ...(q.answer !== undefined ? { answer: q.answer } : {}),
    ...(q.category !== undefined ? { category: q.category } : {}),
    evidenceSessions: q.evidenceSessions.map(String),
  };
}

function summarise(dataset: EvalDataset): DatasetSummary {
  return {
    dataset: dataset.dataset,
    file: dataset.file,
    notes: dataset.notes,
    conversations: dataset.conversations.map((c) => ({
      id: c.id,
      sessions: c.sessions.length,
      turns: c.sessions.reduce((n, s) => n + s.turns.length, 0),
      questions: c.questions.map(questionSummary),
    })),
  };
}

export function createExplorerHost(post: (message: ExplorerResponse) => void, deps: HostDeps) {
  let dataset: EvalDataset | undefined;
  let memory: { conversation: number; ctx: MemoryContext } | undefined;

  /** The page's model named in a request (lent while it stays loaded there), else none. */
  const llmFor = (pageLlm: string | undefined): LlmPort | undefined => {
    if (deps.llmMode === 'scripted') return deps.scriptedLlm;
    if (deps.llmMode === 'none' || pageLlm === undefined || !deps.pageLlm) return undefined;
    deps.pageLlm.available = pageLlm;
    return deps.pageLlm;
  };

  async function build(
    id: number,
    conversation: number,
    pageLlm: string | undefined,
    signal: AbortSignal,
  ) {
    const conv = dataset?.conversations[conversation];
    if (!conv) throw new NoDatasetError(`Conversation ${conversation} is not loaded`);
    // One monotone bar: loading the embedder (first 10%), then the engine's staged build.
    const report = monotoneProgress('build-example', (p) =>
      post({ type: 'progress', id, progress: p }),
    );
    const part = (offset: number, share: number, name: string) => (p: Progress) => {
      if (p.status === 'progress')
        report(offset + (share * p.progress) / 100, `${name}: ${p.stage}`, p.loaded, p.total);
    };
    const started = performance.now();
    const { port: embedder, label } = await deps.embedder(part(0, 10, 'embedder'));
    const llm = llmFor(pageLlm);
    // The same memory `grove eval` builds for this conversation (same sessions, pipeline, seed).
    const { sessions, memory: building } = conversationMemory(conv.sessions, {
      embedder,
      ...(llm ? { llm } : {}),
      signal,
      onProgress: part(10, 90, 'memory'),
    });
    const built = await building;
    post({
      type: 'progress',
      id,
      progress: { status: 'done', task: 'build-example', progress: 100 },
    });
    const facts = [...built.tree.facts.values()];
    memory = {
      conversation,
      ctx: {
        conversationId: conv.id,
        sessions,
        memory: built,
        facts,
        tree: built.tree,
        embedder,
        ...(llm ? { llm } : {}),
        prepared: new Map(),
      },
    };
    const summary: BuildSummary = {
      conversationId: conv.id,
      tree: cloneableTree(built.tree),
      sessions: sessions.length,
      facts: facts.length,
      nodesPerLevel: built.tree.levels.map((l) => l.length),
      failedSessions: built.extractions.filter((e) => e.status === 'failed').length,
      llm: llm
        ? deps.llmMode === 'scripted'
          ? 'scripted LLM (test mode)'
          : llm.id
        : 'none: extractive facts',
      embedder: label,
      ms: performance.now() - started,
    };
    post({ type: 'built', id, build: summary });
  }

  async function handle(
    request: ExplorerRequest & { id: number },
    signal: AbortSignal,
  ): Promise<void> {
    switch (request.type) {
      case 'load-file':
      case 'load-url': {
        const source =
          request.type === 'load-file' ? request.file : await deps.fetchText(request.url);
        dataset = await parseDatasetSource(
          request.type === 'load-url' ? { ...source, name: request.name } : source,
        );
        memory = undefined;
        post({ type: 'loaded', id: request.id, summary: summarise(dataset) });
        return;
      }
      case 'build':
        return build(request.id, request.conversation, request.pageLlm, signal);
      case 'run': {
        const { options } = request;
        const conv = dataset?.conversations[options.conversation];
        const question = conv?.questions[options.question];
        if (!conv || !question) throw new NoDatasetError('No such question');
        if (!memory || memory.conversation !== options.conversation) {
          throw new NoDatasetError('This conversation has no memory tree yet: build it');
        }
        const llm = llmFor(request.pageLlm) ?? memory.ctx.llm;
        const ctx: MemoryContext = { ...memory.ctx, ...(llm ? { llm } : {}) };
        const run = await runQuestion(ctx, question, options);
        post({ type: 'ran', id: request.id, run: { ...run, question: questionSummary(question) } });
        return;
      }
      default:
        return;
    }
  }

  // One request at a time; `cancel` fires a request's signal (a build stops between steps).
  return serveRequests<ExplorerRequest & { type: 'load-file' | 'load-url' | 'build' | 'run' }>(
    handle,
    post,
  );
}
