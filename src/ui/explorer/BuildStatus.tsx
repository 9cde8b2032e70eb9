/** The dataset that is loaded and its tree build: progress while it runs, the shape once built. */
import type { BuildSummary, DatasetSummary } from '../../explorer-backend/explorer-protocol.ts';
import type { BuildProgress } from './use-explorer.ts';

interface Props {
  readonly dataset: DatasetSummary | null;
  readonly conversation: number;
  readonly build: BuildSummary | null;
  readonly progress: BuildProgress | null;
  readonly building: boolean;
  readonly cancelled: boolean;
  readonly onBuild: (conversation: number) => void;
  readonly onCancel: () => void;
}

export function BuildStatus({
  dataset,
  conversation,
  build,
  progress,
  building,
  cancelled,
  onBuild,
  onCancel,
}: Props) {
  if (!dataset) return null;
  const conv = dataset.conversations[conversation];
  return (
    <section className="explorer-build" aria-label="Dataset and tree build">
      <p>
        <strong>{dataset.file.replace(/^.*\//, '')}</strong> · {dataset.dataset} ·{' '}
        {dataset.conversations.length} conversation{dataset.conversations.length === 1 ? '' : 's'}
        {conv
          ? ` · this one: ${conv.sessions} sessions, ${conv.turns} turns, ${conv.questions.length} questions`
          : ''}
      </p>
      {dataset.notes.length > 0 ? <p className="hint">{dataset.notes.join(' ')}</p> : null}
      {dataset.conversations.length > 1 ? (
        <label>
          Conversation{' '}
          <select
            value={conversation}
            disabled={building}
            onChange={(e) => onBuild(Number(e.currentTarget.value))}
          >
            {dataset.conversations.map((c, i) => (
              <option key={c.id} value={i}>
                {c.id} ({c.sessions} sessions, {c.questions.length} questions)
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {progress ? (
        <div className="build-progress">
          <progress
            max={100}
            value={progress.progress}
            aria-label="Tree build progress"
            data-testid="build-progress"
          />
          <span aria-live="polite">
            {progress.done ? 'Tree built' : `${progress.progress.toFixed(0)}% · ${progress.stage}`}
          </span>
          {building ? (
            <button type="button" onClick={onCancel}>
              Cancel build
            </button>
          ) : null}
        </div>
      ) : null}
      {!building && !build ? (
        <p data-testid="build-again">
          {cancelled ? 'Build cancelled. ' : ''}
          <button type="button" onClick={() => onBuild(conversation)}>
            Build tree
          </button>
        </p>
      ) : null}
      {build ? (
        <p data-testid="build-summary">
          {build.facts} facts from {build.sessions} sessions → levels{' '}
          {build.nodesPerLevel.join(' / ')} (facts → roots) in {(build.ms / 1000).toFixed(1)} s ·
          LLM: {build.llm} · embedder: {build.embedder}
          {build.failedSessions > 0 ? ` · ${build.failedSessions} sessions failed extraction` : ''}
        </p>
      ) : null}
    </section>
  );
}
