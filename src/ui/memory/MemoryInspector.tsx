/**
 * The memory inspector: search, edit, delete, pause; every change goes through the worker.
 * Rows link to the tree ("Show in tree"); the fact linked with the tree is highlighted.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { leafOfFact } from '../../state/memory-link-slice.ts';
import type { FactView } from '../../storage/memory-store.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { useWholeTree } from './use-whole-tree.ts';
import { FactRow } from './FactRow.tsx';
import { useInspectorReveal } from './use-inspector-reveal.ts';
import { visibleFacts } from './visible-facts.ts';

export function MemoryInspector() {
  const { memoryActions } = useServices();
  const facts = useGrove((s) => s.facts);
  const total = useGrove((s) => Math.max(s.inspection?.facts ?? 0, s.facts.length));
  const paused = useGrove((s) => s.inspection?.paused ?? false);
  const tree = useWholeTree();
  const linkedFact = useGrove((s) => s.linkedFact);
  const [query, setQuery] = useState('');
  const [pausing, setPausing] = useState<boolean | null>(null);
  const [results, setResults] = useState<(FactView & { score: number })[] | null>(null);
  const searchId = useId();
  const list = useRef<HTMLUListElement>(null);
  // The linked fact, read from the worker when the store does not hold it (a large memory).
  const [far, setFar] = useState<{ id: string; fact: FactView | undefined } | null>(null);
  const needed = linkedFact !== null && !facts.some((f) => f.id === linkedFact) ? linkedFact : null;
  useEffect(() => {
    if (needed === null) return;
    let current = true;
    void memoryActions.fact(needed).then((fact) => {
      if (current) setFar({ id: needed, fact });
    });
    return () => {
      current = false;
    };
  }, [needed, facts, memoryActions]);
  useInspectorReveal({
    list,
    // Wait for the row of a fact still being read (a fact that is gone has no row to wait for).
    pending: (factId) => factId === needed && far?.id !== needed,
    hidden: (factId) => results !== null && !results.some((f) => f.id === factId),
    clearSearch: () => {
      setResults(null);
      setQuery('');
    },
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) {
      setResults(null);
      return;
    }
    void memoryActions.search(query).then((found) => setResults(found ?? []));
  };
  const shown = results ?? visibleFacts(facts, linkedFact, undefined, far?.fact);
  return (
    <section className="panel inspector" aria-labelledby="inspector-heading">
      <h2 id="inspector-heading">Memories ({total})</h2>
      <div className="toggle">
        <input
          id={`${searchId}-pause`}
          type="checkbox"
          checked={pausing ?? paused}
          onChange={(e) => {
            const next = e.target.checked;
            setPausing(next); // show the new state at once; the worker confirms it
            void memoryActions.setPaused(next).finally(() => setPausing(null));
          }}
        />
        <label htmlFor={`${searchId}-pause`}>
          Pause memory (ended sessions are not remembered)
        </label>
      </div>
      <form role="search" className="search" onSubmit={search}>
        <label htmlFor={searchId}>Search memories</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            if (!e.target.value) setResults(null);
          }}
        />
        <button type="submit">Search</button>
      </form>
      {results !== null && (
        <p className="small muted" role="status">
          {results.length} closest in meaning to “{query}”.
        </p>
      )}
      {results === null && shown.length < total && (
        <p className="small muted" role="status">
          Showing {shown.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
          memories: search to find the others.
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted" data-testid="no-facts">
          No memories yet. Chat, then press “End session”, or load the built-in example in the
          Explorer.
        </p>
      ) : (
        <ul className="facts" aria-label="Memories" ref={list}>
          {shown.map((fact) => (
            <FactRow
              key={fact.id}
              fact={fact}
              linked={fact.id === linkedFact}
              inTree={leafOfFact(tree, fact.id) !== null}
              {...('score' in fact ? { score: (fact as { score: number }).score } : {})}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
