/**
 * The memory effort: how much LLM time a memory search may spend, with what each costs on this
 * device once the loaded model has measured its speed, and on a fast and a typical device (engine
 * cost model, measured search work).
 */
import {
  DEVICE_PROFILES,
  MEASURED_SEARCH_WORK,
  searchMs,
  type DeviceProfile,
  type SearchWork,
} from '../../engine/cost/index.ts';
import { thisDeviceEstimate, type DeviceEstimate } from '../../state/runtime-slice.ts';
import { MEMORY_EFFORTS, type MemoryEffort } from '../../engine/tree/memory-effort.ts';
import { useGrove, useServices } from '../app-context.tsx';

const DESCRIPTIONS: Readonly<Record<MemoryEffort, string>> = {
  quick: 'No LLM judging: the memory walk by words and meaning alone.',
  balanced: 'The walk proposes candidates; the model picks among them in one call.',
  thorough: "The paper's walk: the model judges node by node, up to 48 calls.",
};

const seconds = (ms: number) => `≈ ${(ms / 1000).toFixed(1)} s`;

function costText(
  work: SearchWork,
  here: DeviceEstimate | null,
  measured: DeviceProfile | null,
): string {
  if (work.calls === 0) return 'No model time.';
  const calls = `${work.calls} LLM ${work.calls === 1 ? 'call' : 'calls'} a search`;
  const onThisDevice = here
    ? `${seconds(searchMs(work, here.profile))} ${here.profile === measured ? "on this device (the loaded model's measured speed)" : here.where}, `
    : '';
  return `${calls}: ${onThisDevice}${seconds(searchMs(work, DEVICE_PROFILES.fast))} on a fast GPU, ${seconds(searchMs(work, DEVICE_PROFILES.typical))} on a typical laptop.`;
}

export function MemoryEffortSettings() {
  const { store } = useServices();
  const effort = useGrove((s) => s.memoryEffort);
  const measured = useGrove((s) => s.measuredProfile);
  const runtime = useGrove((s) => s.runtime);
  const here = thisDeviceEstimate(runtime, measured);
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
                <span className="effort-cost">{costText(work, here, measured)}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}
