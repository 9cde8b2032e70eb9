/**
 * The memory effort: how much LLM time a memory search may spend, with what each costs on a fast
 * and on a typical device (engine cost model, measured search work).
 */
import { DEVICE_PROFILES, MEASURED_SEARCH_WORK, searchMs } from '../../engine/cost/index.ts';
import { MEMORY_EFFORTS, type MemoryEffort } from '../../engine/tree/memory-effort.ts';
import { useGrove, useServices } from '../app-context.tsx';

const DESCRIPTIONS: Readonly<Record<MemoryEffort, string>> = {
  quick: 'No LLM judging: the memory walk by words and meaning alone.',
  balanced: 'The walk proposes candidates; the model picks among them in one call.',
  thorough: "The paper's walk: the model judges node by node, up to 48 calls.",
};

const seconds = (ms: number) => `≈ ${(ms / 1000).toFixed(1)} s`;

export function MemoryEffortSettings() {
  const { store } = useServices();
  const effort = useGrove((s) => s.memoryEffort);
  return (
    <section className="panel" aria-labelledby="memory-effort-heading">
      <h2 id="memory-effort-heading">Memory effort</h2>
      <p className="muted small">
        How much model time each memory search may spend before the reply starts. Without a model
        loaded every setting searches without one.
      </p>
      <fieldset className="effort-options" aria-label="Memory effort">
        {MEMORY_EFFORTS.map((name) => {
          const work = MEASURED_SEARCH_WORK[name];
          return (
            <label key={name} className="effort-option">
              <input
                type="radio"
                name="memory-effort"
                value={name}
                checked={effort === name}
                onChange={() => store.getState().setMemoryEffort(name)}
              />
              <span>
                <strong>{name}</strong>
                {name === 'balanced' ? ' (default)' : ''} — {DESCRIPTIONS[name]}{' '}
                <span className="effort-cost">
                  {work.calls === 0
                    ? 'No model time.'
                    : `${work.calls} LLM ${work.calls === 1 ? 'call' : 'calls'} a search: ${seconds(searchMs(work, DEVICE_PROFILES.fast))} on a fast GPU, ${seconds(searchMs(work, DEVICE_PROFILES.typical))} on a typical laptop.`}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}
