/**
 * The explorer's state and actions: one worker for the explorer's lifetime, a dataset, the
 * built tree of one conversation, the chosen question and the last comparison. The explorer
 * never touches the user's own memory: everything lives in this hook and its worker.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isAbortError } from '../../engine/errors.ts';
import type { Progress } from '../../engine/progress.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { ExplorerClient, createExplorerWorker } from '../../explorer-backend/explorer-client.ts';
import type {
  BuildSummary,
  DatasetSummary,
  ExplorerBaseline,
  ExplorerJudge,
  ExplorerLlmMode,
  RunSummary,
} from '../../explorer-backend/explorer-protocol.ts';
import { EXPLORER_BASELINES } from '../../explorer-backend/explorer-protocol.ts';
import type { QuestionResult } from './all-questions.ts';

export const BUILT_IN_EXAMPLE = 'examples/grove-implexconv-example.json';

export type ExplorerStatus = 'idle' | 'loading' | 'building' | 'built' | 'running' | 'error';

export interface BuildProgress {
  readonly progress: number;
  readonly stage: string;
  /** Every percentage reported so far (monotone), for tests. */
  readonly history: readonly number[];
  readonly done: boolean;
}

export interface ExplorerState {
  readonly status: ExplorerStatus;
  readonly llmMode: ExplorerLlmMode;
  /** What the explorer's LLM is right now (follows the app's runtime). */
  readonly llmLabel: string;
  readonly hasLlm: boolean;
  readonly dataset: DatasetSummary | null;
  readonly conversation: number;
  readonly build: BuildSummary | null;
  readonly buildProgress: BuildProgress | null;
  readonly question: number;
  readonly judge: ExplorerJudge;
  readonly baselines: readonly ExplorerBaseline[];
  readonly run: RunSummary | null;
  readonly error: string | null;
  /** The last build was cancelled by the user. */
  readonly buildCancelled: boolean;
  /** Every question of the file, run at once (`runAll`): results so far. */
  readonly all: { readonly results: readonly QuestionResult[]; readonly total: number } | null;
}

export type RunOverrides = Partial<Pick<ExplorerState, 'question' | 'judge' | 'baselines'>>;

export interface ExplorerActions {
  loadExample(): Promise<void>;
  loadFile(file: File): Promise<void>;
  buildTree(conversation?: number): Promise<void>;
  /** Cancels the running build (the worker stops it and takes the next request). */
  cancelBuild(): void;
  runQuestion(overrides?: RunOverrides): Promise<RunSummary | null>;
  /** Runs every question of every conversation of the file, building each tree in turn. */
  runAll(): Promise<void>;
  setQuestion(index: number): void;
  setJudge(judge: ExplorerJudge): void;
  setBaselines(baselines: readonly ExplorerBaseline[]): void;
}

function llmLabel(mode: ExplorerLlmMode, id: string | undefined): string {
  if (__GROVE_TEST_BUILD__ && mode === 'scripted')
    return 'Test mode: scripted LLM (not a real model)';
  return id
    ? `LLM: ${id}`
    : 'No LLM loaded: no-LLM mode (extractive facts, hybrid judge: embedding + keywords)';
}

export function useExplorer(): [ExplorerState, ExplorerActions] {
  const { runtime, embed, testMode } = useServices();
  const llmMode: ExplorerLlmMode = testMode ? 'scripted' : 'page';
  const client = useMemo(
    () =>
      new ExplorerClient(
        () => createExplorerWorker({ llm: llmMode, embedder: 'bundled' }),
        () => runtime.llm(),
        embed,
      ),
    [llmMode, runtime, embed],
  );
  useEffect(() => () => client.terminate(), [client]);
  const llmId = useGrove((s) => (s.runtime?.llm.status === 'ready' ? s.runtime.llm.id : undefined));
  const hasLlm = llmMode === 'scripted' || llmId !== undefined;
  const [state, setState] = useState<ExplorerState>(() => ({
    status: 'idle',
    llmMode,
    llmLabel: llmLabel(llmMode, llmId),
    hasLlm,
    dataset: null,
    conversation: 0,
    build: null,
    buildProgress: null,
    question: 0,
    judge: hasLlm ? 'llm' : 'hybrid',
    baselines: EXPLORER_BASELINES,
    run: null,
    error: null,
    buildCancelled: false,
    all: null,
  }));
  const patch = useCallback((p: Partial<ExplorerState>) => setState((s) => ({ ...s, ...p })), []);
  const fail = useCallback(
    (error: unknown) => patch({ status: 'error', error: namedMessage(error) }),
    [patch],
  );
  useEffect(
    () =>
      // A fresh worker holds no dataset: the user loads one again.
      client.onCrash((error, restarted) =>
        patch({
          status: 'error',
          error: restarted
            ? `${namedMessage(error)} Grove restarted it: load the dataset again.`
            : `${namedMessage(error)} It kept stopping: reload the page to try again.`,
          dataset: null,
          build: null,
          run: null,
          buildProgress: null,
        }),
      ),
    [client, patch],
  );

  const buildTree = useCallback(
    async (conversation = 0) => {
      patch({
        status: 'building',
        conversation,
        build: null,
        run: null,
        error: null,
        buildCancelled: false,
        buildProgress: { progress: 0, stage: 'starting', history: [], done: false },
      });
      const onProgress = (p: Progress) =>
        setState((s) => {
          const before = s.buildProgress ?? { progress: 0, stage: '', history: [], done: false };
          const pct =
            p.status === 'done' ? 100 : p.status === 'progress' ? p.progress : before.progress;
          const stage =
            p.status === 'progress'
              ? `${p.stage} (${p.loaded}/${p.total})`
              : p.status === 'done'
                ? 'done'
                : 'starting…';
          return {
            ...s,
            buildProgress: {
              progress: pct,
              stage,
              history: [...before.history, pct],
              done: before.done || (p.status === 'done' && p.task === 'build-example'),
            },
          };
        });
      try {
        const build = await client.build(conversation, onProgress);
        setState((s) => ({
          ...s,
          status: 'built',
          build,
          buildProgress: s.buildProgress && { ...s.buildProgress, progress: 100, done: true },
        }));
      } catch (error) {
        if (isAbortError(error))
          patch({ status: 'idle', buildProgress: null, buildCancelled: true });
        else fail(error);
      }
    },
    [client, fail, patch],
  );

  const afterLoad = useCallback(
    async (load: () => Promise<DatasetSummary>) => {
      patch({
        status: 'loading',
        error: null,
        dataset: null,
        build: null,
        run: null,
        all: null,
        buildProgress: null,
      });
      try {
        const dataset = await load();
        const questions = dataset.conversations[0]?.questions ?? [];
        const supportive = questions.findIndex((q) => q.category === 'supportive');
        patch({ dataset, question: Math.max(0, supportive) });
      } catch (error) {
        fail(error);
        return;
      }
      await buildTree(0);
    },
    [buildTree, fail, patch],
  );

  const actions: ExplorerActions = {
    loadExample: () =>
      afterLoad(() =>
        client.loadUrl(
          `${import.meta.env.BASE_URL}${BUILT_IN_EXAMPLE}`,
          'grove-implexconv-example.json',
        ),
      ),
    loadFile: (file) => afterLoad(() => client.loadFile(file)),
    buildTree,
    cancelBuild: () => client.cancelBuild(),
    async runQuestion(overrides = {}) {
      const chosen = {
        question: state.question,
        judge: state.judge,
        baselines: state.baselines,
        ...overrides,
      };
      patch({ ...chosen, status: 'running', error: null });
      try {
        const run = await client.run({
          conversation: state.conversation,
          ...chosen,
          answer: llmMode === 'scripted' || runtime.llm() !== undefined,
        });
        patch({ status: 'built', run });
        return run;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    async runAll() {
      const conversations = state.dataset?.conversations ?? [];
      const total = conversations.reduce((n, c) => n + c.questions.length, 0);
      patch({ status: 'running', error: null, all: { results: [], total } });
      const answer = llmMode === 'scripted' || runtime.llm() !== undefined;
      try {
        let built = state.build ? state.conversation : -1;
        for (const [conversation, c] of conversations.entries()) {
          if (c.questions.length === 0) continue;
          if (conversation !== built) {
            const build = await client.build(conversation, () => undefined);
            built = conversation;
            patch({ conversation, build });
          }
          for (const [question, summary] of c.questions.entries()) {
            const run = await client.run({
              conversation,
              question,
              judge: state.judge,
              baselines: state.baselines,
              answer,
            });
            setState((s) => ({
              ...s,
              all: {
                total,
                results: [...(s.all?.results ?? []), { question: summary, rows: run.rows }],
              },
            }));
          }
        }
        patch({ status: 'built' });
      } catch (error) {
        fail(error);
      }
    },
    setQuestion: (question) => patch({ question, run: null }),
    setJudge: (judge) => patch({ judge }),
    setBaselines: (baselines) => patch({ baselines }),
  };
  return [{ ...state, llmLabel: llmLabel(llmMode, llmId), hasLlm }, actions];
}

/** "WorkerCrashedError: The explorer worker stopped (…)": the class when it says more than Error. */
function namedMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
}
