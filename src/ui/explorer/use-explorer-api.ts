/**
 * `window.grove.explorer` for e2e specs and the console (the mounted explorer):
 *
 *   await grove.explorer.loadExample()          → dataset summary, once the tree is built
 *   grove.explorer.buildProgress()              → { progress, stage, history, done } | null
 *   await grove.explorer.runQuestion({ category: 'supportive' } | index, judge?)
 *   grove.explorer.state()                      → status, dataset, build (without the tree), run
 */
import { useEffect, useRef } from 'react';
import { registerTestApi } from '../../app/test-api.ts';
import type { ExplorerJudge } from '../../explorer-backend/explorer-protocol.ts';
import type { ExplorerActions, ExplorerState } from './use-explorer.ts';

interface Latest {
  state: ExplorerState;
  actions: ExplorerActions;
}

function explorerApi(latest: { readonly current: Latest }) {
  const settled = async () => {
    for (;;) {
      const { status } = latest.current.state;
      if (status !== 'loading' && status !== 'building' && status !== 'running')
        return latest.current.state;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    async loadExample() {
      await latest.current.actions.loadExample();
      return publicState(await settled());
    },
    buildProgress: () => latest.current.state.buildProgress,
    async runQuestion(which: number | { category: string }, judge?: ExplorerJudge) {
      const questions =
        latest.current.state.dataset?.conversations[latest.current.state.conversation]?.questions ??
        [];
      const index =
        typeof which === 'number'
          ? which
          : questions.findIndex((q) => q.category === which.category);
      if (index < 0) throw new Error(`No question matches ${JSON.stringify(which)}`);
      const run = await latest.current.actions.runQuestion({
        question: index,
        ...(judge ? { judge } : {}),
      });
      if (!run) throw new Error(latest.current.state.error ?? 'the run failed');
      return { ...run, traversal: run.traversal.length };
    },
    state: () => publicState(latest.current.state),
  };
}

/** `window.grove.explorer` (e2e test build only). */
export type ExplorerTestApi = ReturnType<typeof explorerApi>;

declare module '../../app/test-api.ts' {
  interface GroveTestApi {
    explorer?: ExplorerTestApi;
  }
}

export function useExplorerApi(state: ExplorerState, actions: ExplorerActions): void {
  const latest = useRef({ state, actions });
  useEffect(() => {
    latest.current = { state, actions };
  });
  useEffect(() => registerTestApi('explorer', explorerApi(latest)), []);
}

function publicState(state: ExplorerState) {
  const { build, run, ...rest } = state;
  return {
    ...rest,
    build: build && { ...build, tree: undefined },
    run: run && { ...run, traversal: run.traversal.length },
  };
}
