/** One question/answer pair of a task memory: edit (question and answer) and delete. */
import { EditDeleteButtons } from './EditDeleteButtons.tsx';
import { useState } from 'react';
import type { TaskQa } from '../../engine/task-memory/index.ts';

export interface TaskQaActions {
  edit(qaId: string, change: { question: string; answer: string }): Promise<void>;
  remove(qaId: string): Promise<void>;
}

export function TaskQaRow({ qa, actions }: { qa: TaskQa; actions: TaskQaActions }) {
  const [editing, setEditing] = useState(false);
  const [question, setQuestion] = useState(qa.question);
  const [answer, setAnswer] = useState(qa.answer);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  if (editing)
    return (
      <li className="task-qa" data-testid="task-qa">
        <form
          className="fact-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await actions.edit(qa.id, { question, answer });
              setEditing(false);
            });
          }}
        >
          <label htmlFor={`q-${qa.id}`}>Question</label>
          <input id={`q-${qa.id}`} value={question} onChange={(e) => setQuestion(e.target.value)} />
          <label htmlFor={`a-${qa.id}`}>Answer</label>
          <input id={`a-${qa.id}`} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          <button type="submit" disabled={busy || !question.trim() || !answer.trim()}>
            Save
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  return (
    <li className="task-qa" data-testid="task-qa" data-slot={qa.slot ?? ''}>
      <span className="task-qa-text">
        <span className="muted">{qa.question}</span> → <strong>{qa.answer}</strong>
      </span>
      <EditDeleteButtons
        inline
        busy={busy}
        label={`task answer: ${qa.question} ${qa.answer}`}
        onEdit={() => {
          setQuestion(qa.question);
          setAnswer(qa.answer);
          setEditing(true);
        }}
        onDelete={() => void run(() => actions.remove(qa.id))}
      />
    </li>
  );
}
