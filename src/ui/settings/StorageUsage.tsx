/** Storage usage and persistence, from the memory worker's health(). */
import { useGrove } from '../app-context.tsx';

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'unknown';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value >= 10 || unit === 0 ? 0 : 1)} ${units[unit]}`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function StorageUsage() {
  const health = useGrove((s) => s.health);
  const inspection = useGrove((s) => s.inspection);
  return (
    <section className="panel" aria-labelledby="storage-heading" data-testid="storage">
      <h2 id="storage-heading">Storage</h2>
      {health ? (
        <ul className="plain-list">
          <li>
            Used: <strong>{formatBytes(health.usageBytes)}</strong> of{' '}
            {formatBytes(health.quotaBytes)}
            {health.usedFraction !== null && ` (${(health.usedFraction * 100).toFixed(1)}%)`}
          </li>
          <li>
            Persistent storage: <strong>{health.persisted ? 'granted' : 'not granted'}</strong>
            {!health.persisted && (
              <span className="muted">
                {' '}
                — the browser may clear Grove’s data when space is low.
              </span>
            )}
          </li>
        </ul>
      ) : (
        <p className="muted">Measuring…</p>
      )}
      {inspection && (
        <p className="small">
          This profile: {plural(inspection.sessions.length, 'session')},{' '}
          {plural(inspection.facts, 'fact')}, {plural(inspection.nodes, 'tree node')} in{' '}
          {plural(inspection.levels.length, 'level')}
          {inspection.pending.length > 0 &&
            `, ${inspection.pending.length} waiting to be processed`}
          .
        </p>
      )}
    </section>
  );
}
