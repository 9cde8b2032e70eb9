/** Models already downloaded in this browser (web-llm's cache), with their size and removal. */
import { useEffect, useState } from 'react';
import type { CachedModel } from '../../models/llm/model-cache.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { formatBytes } from './StorageUsage.tsx';

export function ModelCacheList() {
  const { runtime } = useServices();
  const choice = useGrove((s) => s.runtime?.choice);
  const llmStatus = useGrove((s) => s.runtime?.llm.status);
  const [models, setModels] = useState<CachedModel[] | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    runtime
      .modelCache()
      .list()
      .then(
        (list) => live && setModels(list),
        (e: unknown) =>
          live && setError(`The model cache could not be read: ${(e as Error).message}`),
      );
    return () => {
      live = false;
    };
  }, [runtime, choice, llmStatus, version]);
  return (
    <section aria-labelledby="cache-heading" className="model-cache" data-testid="model-cache">
      <h3 id="cache-heading">Downloaded models</h3>
      {error && <p className="warning-text">{error}</p>}
      {models === null && !error && <p className="muted small">Checking the cache…</p>}
      {models?.length === 0 && (
        <p className="muted small">
          None yet: a model is downloaded once, when you load it, then works offline.
        </p>
      )}
      {models && models.length > 0 && (
        <ul className="plain-list">
          {models.map((m) => (
            <li key={m.modelId}>
              {m.label} ({m.precision}) · {m.sizeIsEstimate ? '≈' : ''}
              {formatBytes(m.sizeBytes)}{' '}
              <button
                type="button"
                className="danger"
                aria-label={`Remove ${m.label} from this browser`}
                onClick={() =>
                  void runtime
                    .modelCache()
                    .remove(m.modelId)
                    .then(() => setVersion((v) => v + 1))
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
