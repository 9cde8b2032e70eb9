/** TaciTree next to the baselines: retrieved vs ground-truth sessions, F1, tokens, calls, answer. */
import type { RunSummary } from '../../explorer-backend/explorer-protocol.ts';
import { shortSession } from './sessions.ts';

const pct = (x: number) => `${(100 * x).toFixed(1)}`;

export function ResultsTable({ run }: { run: RunSummary }) {
  const showAnswers = run.rows.some((r) => r.answer !== undefined);
  return (
    // Focusable: on a phone the table scrolls sideways in this box, by keyboard as well.
    <section className="explorer-results" aria-label="Comparison" tabIndex={0}>
      <table data-testid="results-table">
        <caption>
          “{run.question.question}” — ground truth:{' '}
          {run.question.evidenceSessions.map(shortSession).join(', ')}. Brute force (judging every
          fact) would take {run.bruteForceCalls} LLM calls.
        </caption>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Retrieved sessions (✓ = ground truth)</th>
            <th scope="col">P</th>
            <th scope="col">R</th>
            <th scope="col">F1</th>
            <th scope="col">Context tokens</th>
            <th scope="col">LLM calls</th>
            <th scope="col">Judge tokens</th>
            <th scope="col">ms</th>
            {showAnswers ? <th scope="col">Answer</th> : null}
          </tr>
        </thead>
        <tbody>
          {run.rows.map((r) => {
            const gold = new Set(r.goldSessions);
            return (
              <tr key={r.method} data-method={r.method}>
                <th scope="row">{r.label}</th>
                <td className="sessions">
                  {r.error ? (
                    <span className="error">{r.error}</span>
                  ) : r.retrievedSessions.length === 0 ? (
                    '—'
                  ) : (
                    r.retrievedSessions.map((s) => (
                      <span key={s} className={gold.has(s) ? 'gold' : undefined}>
                        {shortSession(s)}
                        {gold.has(s) ? ' ✓' : ''}
                      </span>
                    ))
                  )}
                </td>
                <td>{pct(r.precision)}</td>
                <td>{pct(r.recall)}</td>
                <td className="f1">{pct(r.f1)}</td>
                <td>{r.contextTokens}</td>
                <td>{r.llmCalls}</td>
                <td>{r.judgeTokens}</td>
                <td>{r.ms.toFixed(0)}</td>
                {showAnswers ? <td className="answer">{r.answer ?? '—'}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
