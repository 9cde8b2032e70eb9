/** First-run guidance: what works without a model, and how to get going. */
import { useGrove, useServices } from '../app-context.tsx';

export function FirstRunGuide() {
  const { store } = useServices();
  const loaded = useGrove((s) => s.runtime?.llm.status === 'ready');
  const testMode = useGrove((s) => s.testMode !== null);
  return (
    <section
      className="panel first-run"
      aria-labelledby="first-run-heading"
      data-testid="first-run"
    >
      <h2 id="first-run-heading">Getting started</h2>
      <p>
        Grove is a chat with a private long-term memory that lives only in this browser. When a
        session ends, Grove pulls out the facts about you and files them into a tree you can watch.
      </p>
      <ul>
        {!loaded && !testMode && (
          <li>
            <strong>No model loaded: Grove runs in no-LLM mode.</strong> Replies list what memory
            finds instead of being written by a model.{' '}
            <a href="#settings">Load a model in Settings</a> for real replies (a one-time download,
            then it works offline).
          </li>
        )}
        <li>
          Say a few things about yourself, then press <strong>End session</strong>: the facts appear
          in <a href="#memory">Memory</a>.
        </li>
        <li>
          Want to see the tree at work first? <a href="#explorer">Load the built-in example</a> in
          the Explorer and run a question.
        </li>
      </ul>
      <button
        type="button"
        className="secondary"
        onClick={() => store.getState().dismissFirstRun()}
      >
        Got it
      </button>
    </section>
  );
}
