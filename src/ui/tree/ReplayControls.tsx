/** Play / pause / step / scrub / speed for a traversal replay, with its cost next to brute force. */
import type { Replay } from './use-replay.ts';
import { SPEEDS } from './use-replay.ts';
import type { BruteForceCost } from './visuals.ts';

interface Props {
  readonly replay: Replay;
  readonly brute: BruteForceCost;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function ReplayControls({ replay, brute }: Props) {
  const { frame, playing } = replay;
  const disabled = frame.total === 0;
  return (
    <div className="replay" role="group" aria-label="Traversal replay">
      <div className="replay-buttons">
        <button
          type="button"
          onClick={() => replay.seek(0)}
          disabled={disabled}
          aria-label="Back to start"
        >
          |◀
        </button>
        <button
          type="button"
          onClick={() => replay.stepBy(-1)}
          disabled={disabled}
          aria-label="Step back"
        >
          ◀
        </button>
        {playing ? (
          <button type="button" onClick={replay.pause} aria-label="Pause replay">
            ❚❚
          </button>
        ) : (
          <button type="button" onClick={replay.play} disabled={disabled} aria-label="Play replay">
            ▶
          </button>
        )}
        <button
          type="button"
          onClick={() => replay.stepBy(1)}
          disabled={disabled}
          aria-label="Step forward"
        >
          ▶|
        </button>
        <input
          type="range"
          min={0}
          max={frame.total}
          value={frame.step}
          disabled={disabled}
          aria-label="Replay position"
          aria-valuetext={`step ${frame.step} of ${frame.total}`}
          onChange={(e) => replay.seek(Number(e.currentTarget.value))}
        />
        <label className="replay-speed">
          Speed
          <select
            value={replay.speed}
            onChange={(e) => replay.setSpeed(Number(e.currentTarget.value))}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <span className="replay-step" data-testid="replay-step">
          step {frame.step} / {frame.total}
        </span>
      </div>
      <dl className="replay-counters" aria-live="off">
        <div>
          <dt>LLM calls</dt>
          <dd data-testid="replay-calls">
            {fmt(frame.calls)} <span className="versus">vs {fmt(brute.calls)} brute force</span>
          </dd>
        </div>
        <div>
          <dt>Judge tokens</dt>
          <dd>
            {fmt(frame.tokens)}{' '}
            <span className="versus">
              vs {brute.tokens === undefined ? '— (no LLM judge)' : `≈${fmt(brute.tokens)}`} brute
              force
            </span>
          </dd>
        </div>
        <div>
          <dt>Visited · kept · pruned</dt>
          <dd>
            {frame.visited} · {frame.kept} · {frame.pruned}
          </dd>
        </div>
        <div>
          <dt>Facts selected</dt>
          <dd>{frame.selected}</dd>
        </div>
      </dl>
      {frame.fallback ? <p className="replay-note">Fallback: {frame.fallback}</p> : null}
      {frame.trimmed ? <p className="replay-note">Trimmed: {frame.trimmed}</p> : null}
      {frame.budgetExhausted ? (
        <p className="replay-note">The LLM call budget ran out: the rest used embeddings.</p>
      ) : null}
    </div>
  );
}
