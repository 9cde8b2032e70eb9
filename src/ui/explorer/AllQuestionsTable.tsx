/** Every question of the file at once: per-question recall@5 / F1 per method, and the means. */
import { methodMeans, rowRecallAt, type QuestionResult } from './all-questions.ts';

const pct = (x: number) => (100 * x).toFixed(1);

export function AllQuestionsTable({
  results,
  total,
}: {
  results: readonly QuestionResult[];
  total: number;
}) {
  const means = methodMeans(results);
  const methods = means.map((m) => m.method);
  return (
    <section className="explorer-all" aria-label="Every question">
      <table data-testid="all-means">
        <caption>
          Means over {results.length} of {total} questions (recall@5 and F1, %: what{' '}
          <code>grove eval</code> prints for this file)
        </caption>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Mean recall@5</th>
            <th scope="col">Mean F1</th>
          </tr>
        </thead>
        <tbody>
          {means.map((m) => (
            <tr key={m.method} data-method={m.method}>
              <th scope="row">{m.label}</th>
              <td className="recall">{pct(m.recallAt5)}</td>
              <td className="f1">{pct(m.f1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table data-testid="all-questions">
        <caption>Per question: recall@5 / F1</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            {means.map((m) => (
              <th scope="col" key={m.method}>
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map(({ question, rows }) => (
            <tr key={question.id}>
              <th scope="row">
                {question.category ? `[${question.category}] ` : ''}
                {question.question}
              </th>
              {methods.map((method) => {
                const row = rows.find((r) => r.method === method);
                return (
                  <td key={method}>
                    {!row || row.error !== undefined
                      ? '—'
                      : `${pct(rowRecallAt(row))} / ${pct(row.f1)}`}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
