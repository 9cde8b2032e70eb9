/**
 * The benchmark explorer: load an example (the built-in one, a file, a drop), build its memory
 * tree in a worker with visible progress, pick a question, run TaciTree and the baselines, and
 * watch the TaciTree walk replay on the tree. Nothing here reads or writes the user's memory.
 */
import { AllQuestionsTable } from './AllQuestionsTable.tsx';
import { BuildStatus } from './BuildStatus.tsx';
import { ExampleLoader } from './ExampleLoader.tsx';
import { QuestionPanel } from './QuestionPanel.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { TreeView } from '../tree/TreeView.tsx';
import { useExplorer } from './use-explorer.ts';
import { useExplorerApi } from './use-explorer-api.ts';
import './explorer.css';

export function Explorer() {
  const [state, actions] = useExplorer();
  useExplorerApi(state, actions);
  const busy =
    state.status === 'loading' || state.status === 'building' || state.status === 'running';
  const questions = state.dataset?.conversations[state.conversation]?.questions ?? [];
  return (
    <section className="explorer" aria-labelledby="explorer-title" data-testid="explorer">
      <header className="explorer-header">
        <h2 id="explorer-title">Explorer</h2>
        <p>
          Try Grove&apos;s memory on benchmark conversations: build a tree, ask a question, compare
          TaciTree with the baselines. Examples stay in this tab; your own memory is never read or
          changed.
        </p>
        <p className={`explorer-mode mode-${state.llmMode}`} data-testid="explorer-mode">
          {state.llmLabel} · embedder: bundled GloVe 100d (on this machine)
        </p>
      </header>
      <ExampleLoader
        busy={busy}
        onExample={() => void actions.loadExample()}
        onFile={(f) => void actions.loadFile(f)}
      />
      {state.error ? (
        <p className="explorer-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <BuildStatus
        dataset={state.dataset}
        conversation={state.conversation}
        build={state.build}
        progress={state.buildProgress}
        building={state.status === 'building'}
        cancelled={state.buildCancelled}
        onBuild={(c) => void actions.buildTree(c)}
        onCancel={actions.cancelBuild}
      />
      {state.build ? (
        <QuestionPanel
          questions={questions}
          question={state.question}
          judge={state.judge}
          hasLlm={state.hasLlm}
          baselines={state.baselines}
          disabled={busy}
          running={state.status === 'running'}
          onQuestion={actions.setQuestion}
          onJudge={actions.setJudge}
          onBaselines={actions.setBaselines}
          onRun={() => void actions.runQuestion()}
          onRunAll={() => void actions.runAll()}
          total={(state.dataset?.conversations ?? []).reduce((n, c) => n + c.questions.length, 0)}
        />
      ) : null}
      {state.run ? <ResultsTable run={state.run} /> : null}
      {state.all ? <AllQuestionsTable results={state.all.results} total={state.all.total} /> : null}
      {state.build ? (
        <section className="explorer-tree" aria-label="Memory tree of the example">
          <h3>Memory tree{state.run ? ' — TaciTree walk' : ''}</h3>
          <TreeView
            tree={state.build.tree}
            {...(state.run ? { traversal: state.run.traversal } : {})}
          />
        </section>
      ) : null}
    </section>
  );
}
