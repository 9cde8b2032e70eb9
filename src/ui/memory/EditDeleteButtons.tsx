/** The Edit / Delete pair of a memory row; `label` names the row for screen readers. */
export function EditDeleteButtons(props: {
  readonly busy: boolean;
  readonly label: string;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
  readonly inline?: boolean;
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
    </Container>
  );
}
