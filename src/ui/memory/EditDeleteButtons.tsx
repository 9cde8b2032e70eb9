/**
 * The Edit / Delete pair of a memory row; `label` names the row for screen readers. `children`
 * (more buttons for the row) follow them.
 */
import type { ReactNode } from 'react';

export function EditDeleteButtons(props: {
  readonly busy: boolean;
  readonly label: string;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
  readonly inline?: boolean;
  readonly children?: ReactNode;
}) {
  const Container = props.inline ? 'span' : 'div';
  return (
    <Container className="button-row">
      <button
        type="button"
        className="secondary"
        disabled={props.busy}
        aria-label={`Edit ${props.label}`}
        onClick={props.onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="danger"
        disabled={props.busy}
        aria-label={`Delete ${props.label}`}
        onClick={props.onDelete}
      >
        Delete
      </button>
      {props.children}
    </Container>
  );
}
