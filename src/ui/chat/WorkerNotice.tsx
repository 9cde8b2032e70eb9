/** Says that the memory worker stopped and was restarted (and why), until dismissed. */
import { useGrove, useServices } from '../app-context.tsx';

export function WorkerNotice() {
  const notice = useGrove((s) => s.workerNotice);
  const { store } = useServices();
  if (!notice) return null;
  return (
    <p
      className="notice"
      role="status"
      data-testid="worker-notice"
      data-error={notice.error}
      data-restarted={notice.restarted}
    >
      <strong>{notice.error}:</strong> {notice.message}{' '}
      <button type="button" onClick={() => store.getState().setWorkerNotice(null)}>
        Dismiss
      </button>
    </p>
  );
}
