/**
 * Progress on stderr for long CLI runs: a redrawn bar on a terminal, sparse lines (every 10%)
 * otherwise, so logs and CI output stay readable.
 */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export function progressReporter(
  stream: ProgressStream,
  label: string,
  width = 30,
): (done: number, total: number) => void {
  let lastStep = -1;
  let finished = false;
  return (done, total) => {
    if (finished) return;
    const share = total === 0 ? 1 : Math.min(1, done / total);
    if (stream.isTTY) {
      const filled = Math.round(share * width);
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${(share * 100).toFixed(0)}%`,
      );
      if (done >= total) stream.write('\n');
    } else {
      const step = Math.floor(share * 10);
      if (step === lastStep) return;
      lastStep = step;
      stream.write(`${label}: ${done}/${total} (${(share * 100).toFixed(0)}%)\n`);
    }
    if (done >= total) finished = true;
  };
}
