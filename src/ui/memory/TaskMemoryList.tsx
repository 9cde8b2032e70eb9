/**
 * The inspector's task memories (MAP): each unit's intent, QA pairs and source session, with
 * search, edit and delete like facts. Every change goes through the memory worker; the list is
 * re-read after each change and whenever the facts change (a session was ingested or deleted).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { TaskMemoryView } from '../../storage/task-memory-store.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { TaskQaRow } from './TaskQaRow.tsx';

const matches = (view: TaskMemoryView, query: string) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [view.unit.intent, ...view.unit.qa.flatMap((q) => [q.question, q.answer])]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
};

export function TaskMemoryList() {
  const { memory } = useServices();
  const facts = useGrove((s) => s.facts);
  const profile = useGrove((s) => s.activeProfileId);
  const [units, setUnits] = useState<TaskMemoryView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const searchId = useId();

  const reload = useCallback(
    () =>
      memory.listTaskMemory().then(
        (list) => {
          setUnits(list);
          setError(null);
        },
        (e: unknown) => setError(`Task memories could not be read: ${(e as Error).message}`),
      ),
    [memory],
  );
  useEffect(() => {
    void reload();
  }, [reload, facts, profile]);

  const guard = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (e) {
      setError(`The change was not saved: ${(e as Error).message}`);
    }
    await reload();
  };
  const shown = units.filter((u) => matches(u, query));
  return (
    <section className="panel inspector" aria-labelledby="task-memory-heading">
      <h2 id="task-memory-heading">Task memories ({units.length})</h2>
      <div className="search">
        <label htmlFor={searchId}>Filter task memories</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted" data-testid="no-task-memories">
          No task memories
          {query ? ' match' : ' yet: ask Grove to book, order, play or ride, then end the session'}.
        </p>
      ) : (
        <ul className="facts" aria-label="Remembered tasks">
          {shown.map(({ unit }) => (
            <li key={unit.id} className="fact" data-testid="task-memory">
              <p className="fact-text">{unit.intent}</p>
              <p className="muted small">
                {unit.intentLabel ?? 'task'} ·{' '}
                {unit.provenance.method === 'llm' ? 'written by the LLM' : 'extractive (no LLM)'} ·
                from session {unit.provenance.sessionId}
              </p>
              <ul className="task-qas" aria-label={`Answers remembered for: ${unit.intent}`}>
                {unit.qa.map((qa) => (
                  <TaskQaRow
                    key={qa.id}
                    qa={qa}
                    actions={{
                      edit: (qaId, change) => guard(() => memory.editTaskQa(unit.id, qaId, change)),
                      remove: (qaId) => guard(() => memory.deleteTaskQa(unit.id, qaId)),
                    }}
                  />
                ))}
              </ul>
              <button
                type="button"
                className="danger"
                aria-label={`Delete task memory: ${unit.intent}`}
                onClick={() => void guard(() => memory.deleteTaskMemory(unit.id))}
              >
                Delete task memory
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
