/**
 * Progress on stderr for long CLI runs: a redrawn bar on a terminal, sparse lines (every 10%)
 * otherwise, so logs and CI output stay readable. Once something is done it shows the rate
 * (items per second since the run started, items done by an earlier run not counted) and the
 * time left at that rate; at the end, the rate and the time taken.
 */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** "42 s", "3 min 20 s", "5 h 07 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

function formatRate(perSecond: number): string {
  return perSecond >= 10
    ? perSecond.toFixed(0)
    : perSecond >= 1
      ? perSecond.toFixed(1)
      : perSecond.toFixed(2);
}

/** Rate and time left (or taken, at the end), once the run has done something. */
function pace(
  start: { at: number; done: number },
  now: number,
  done: number,
  total: number,
): string {
  const seconds = (now - start.at) / 1000;
  const doneHere = done - start.done;
  if (doneHere <= 0 || seconds <= 0) return '';
  const rate = doneHere / seconds;
  const when =
    done >= total
      ? `took ${formatDuration(seconds)}`
      : `${formatDuration((total - done) / rate)} left`;
  return ` · ${formatRate(rate)}/s · ${when}`;
}

export function progressReporter(
  stream: ProgressStream,
  label: string,
  width = 30,
  /** Milliseconds (default performance.now); injected by tests. */
  now: () => number = () => performance.now(),
): (done: number, total: number) => void {
  let lastStep = -1;
  let finished = false;
  let start: { at: number; done: number } | undefined;
  return (done, total) => {
    if (finished) return;
    const at = now();
    start ??= { at, done };
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const rate = pace(start, at, done, total);
    if (stream.isTTY) {
      const filled = Math.round(share * width);
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${(share * 100).toFixed(0)}%${rate}\x1b[K`,
      );
      if (done >= total) stream.write('\n');
    } else {
      const step = Math.floor(share * 10);
      if (step === lastStep) return;
      lastStep = step;
      stream.write(`${label}: ${done}/${total} (${(share * 100).toFixed(0)}%)${rate}\n`);
    }
    if (done >= total) finished = true;
  };
}
