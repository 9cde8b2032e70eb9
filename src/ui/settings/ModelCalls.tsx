/**
 * What the model has done in this tab, per purpose: calls, prompt and completion tokens, and
 * how long the calls waited in the engine's queue (behind the one call running), so the cost of
 * every call is visible where the memory effort is chosen.
 */
import { useGrove } from '../app-context.tsx';
import { duration } from '../duration.ts';

export function ModelCalls() {
  const totals = useGrove((s) => s.callTotals);
  const rows = Object.entries(totals);
  return (
    <section className="panel" aria-labelledby="model-calls-heading">
      <h2 id="model-calls-heading">Model calls in this tab</h2>
      {rows.length === 0 ? (
        <p className="muted small">No model calls yet: none is loaded, or nothing has asked one.</p>
      ) : (
        <table className="model-calls" data-testid="model-calls">
          <thead>
            <tr>
              <th scope="col">purpose</th>
              <th scope="col">calls</th>
              <th scope="col">prompt tokens</th>
              <th scope="col">completion tokens</th>
              <th scope="col">mean queue wait</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([purpose, t]) => (
              <tr key={purpose}>
                <th scope="row">{purpose}</th>
                <td>{t.calls}</td>
                <td>{t.promptTokens}</td>
                <td>{t.completionTokens}</td>
                <td>{duration(t.queueMs / t.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
