/**
 * Under a task reply written while a model was loaded: how it was checked against the details
 * Grove holds (each slot stated, left out or wrong), and, when the template stood in, why and
 * what the model had written.
 */
import type { CheckedSlot } from '../../state/task-types.ts';
import { useGrove } from '../app-context.tsx';

const STATUS: Record<CheckedSlot['status'], string> = {
  ok: 'stated',
  missing: 'left out',
  wrong: 'stated wrongly',
};

export function TaskReplyCheck({ messageId }: { messageId: string }) {
  const check = useGrove((s) => s.taskChecks[messageId]);
  if (!check) return null;
  return (
    <details
      className="memories task-check"
      data-testid="task-reply-check"
      data-source={check.source}
      {...(check.reason ? { 'data-reason': check.reason } : {})}
    >
      <summary>{check.summary}</summary>
      <p className="muted small">
        A task reply the model writes is shown only when it states every detail Grove holds, as
        Grove holds it; otherwise Grove’s own wording stands in.
      </p>
      {check.slots.length > 0 && (
        <ul className="task-check-slots">
          {check.slots.map((slot) => (
            <li key={slot.name} data-slot={slot.name} data-status={slot.status}>
              {slot.label}: <strong>{slot.value}</strong> — {STATUS[slot.status]}
            </li>
          ))}
        </ul>
      )}
      {check.rejected !== undefined && (
        <p className="small">
          The model wrote (not shown): <q>{check.rejected}</q>
        </p>
      )}
      {check.error !== undefined && <p className="memories-error">{check.error}</p>}
    </details>
  );
}
