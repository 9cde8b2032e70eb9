/** Pick a question and a judge, choose baselines, run the comparison. */
import { useId } from 'react';
import type {
  ExplorerBaseline,
  ExplorerJudge,
  QuestionSummary,
} from '../../explorer-backend/explorer-protocol.ts';
import { EXPLORER_BASELINES } from '../../explorer-backend/explorer-protocol.ts';
import { BASELINE_LABELS } from '../../explorer-backend/run-methods.ts';
import { shortSession } from './sessions.ts';

interface Props {
  readonly questions: readonly QuestionSummary[];
  readonly question: number;
  readonly judge: ExplorerJudge;
  readonly hasLlm: boolean;
  readonly baselines: readonly ExplorerBaseline[];
  readonly disabled: boolean;
  readonly running: boolean;
  readonly onQuestion: (index: number) => void;
  readonly onJudge: (judge: ExplorerJudge) => void;
  readonly onBaselines: (baselines: readonly ExplorerBaseline[]) => void;
  readonly onRun: () => void;
  readonly onRunAll: () => void;
  /** Questions in the whole file. */
  readonly total: number;
}

const MAX_OPTION_CHARS = 110;

export function QuestionPanel(props: Props) {
  const { questions, question, judge, hasLlm, baselines, disabled } = props;
  const current = questions[question];
  const questionId = useId();
  const judgeId = useId();
  return (
    <section className="explorer-question" aria-label="Question and methods">
      <label className="wide" htmlFor={questionId}>
        Question
      </label>
      <select
        id={questionId}
        className="question-select"
        value={question}
        disabled={disabled}
        onChange={(e) => props.onQuestion(Number(e.currentTarget.value))}
      >
        {questions.map((q, i) => (
          <option key={q.id} value={i}>
            {q.category ? `[${q.category}] ` : ''}
            {q.question.length > MAX_OPTION_CHARS
              ? `${q.question.slice(0, MAX_OPTION_CHARS - 1)}…`
              : q.question}
          </option>
        ))}
      </select>
      {current ? (
        <dl className="question-facts">
          {current.answer ? (
            <div>
              <dt>Ideal answer</dt>
              <dd>{current.answer}</dd>
            </div>
          ) : null}
          <div>
            <dt>Ground-truth sessions</dt>
            <dd data-testid="gold-sessions">
              {current.evidenceSessions.map(shortSession).join(', ') || '—'}
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="method-row">
        <div className="field">
          <label htmlFor={judgeId}>TaciTree judge</label>
          <select
            id={judgeId}
            value={judge}
            disabled={disabled}
            onChange={(e) => props.onJudge(e.currentTarget.value as ExplorerJudge)}
          >
            <option value="llm" disabled={!hasLlm}>
              LLM{hasLlm ? '' : ' (load a model first)'}
            </option>
            <option value="hybrid">no LLM: hybrid (embedding + keywords)</option>
            <option value="oracle">oracle (told the ground truth — evaluation only)</option>
          </select>
        </div>
        <fieldset>
          <legend>Baselines</legend>
          {EXPLORER_BASELINES.map((name) => (
            <label key={name} className="check">
              <input
                type="checkbox"
                checked={baselines.includes(name)}
                disabled={disabled}
                onChange={(e) =>
                  props.onBaselines(
                    e.currentTarget.checked
                      ? [...baselines, name]
                      : baselines.filter((b) => b !== name),
                  )
                }
              />
              {BASELINE_LABELS[name]}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="primary"
          onClick={props.onRun}
          disabled={disabled || !current}
        >
          {props.running ? 'Running…' : 'Run TaciTree and baselines'}
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="run-all"
          onClick={props.onRunAll}
          disabled={disabled || props.total === 0}
        >
          Run all {props.total} questions
        </button>
      </div>
    </section>
  );
}
