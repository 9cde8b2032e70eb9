/** Background ingestion of ended sessions, with the memory worker's stage and a progress bar. */
import { STAGE_LABELS, isFinal } from '../../state/ingestion-slice.ts';
import { useGrove, useServices } from '../app-context.tsx';

export function IngestionProgress() {
  const { store } = useServices();
  const jobs = useGrove((s) => s.ingestion);
  return (
    <section className="panel ingestion" aria-labelledby="ingestion-heading">
      <h2 id="ingestion-heading">Remembering</h2>
      {jobs.length === 0 ? (
        <p className="muted small">
          Ended sessions are turned into memories here, in the background.
        </p>
      ) : (
        <ul className="jobs" aria-live="polite">
          {jobs.map((job) => (
            <li key={job.sessionId} data-testid="ingestion-job" data-stage={job.stage}>
              <span className="small">
                {STAGE_LABELS[job.stage]}
                {job.stage === 'done' &&
                  job.facts !== undefined &&
                  `: ${job.facts} fact${job.facts === 1 ? '' : 's'}`}
                {job.detail && ` — ${job.detail}`}
              </span>
              <progress
                max={100}
                value={job.progress}
                aria-label={`Remembering session ${job.sessionId}`}
              />
            </li>
          ))}
        </ul>
      )}
      {jobs.some((j) => isFinal(j.stage)) && (
        <button
          type="button"
          className="secondary"
          onClick={() => store.getState().clearFinishedIngestion()}
        >
          Clear finished
        </button>
      )}
    </section>
  );
}
