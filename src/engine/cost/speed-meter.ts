/**
 * A loaded model's own speed on this device, from the engine's stats of its recent calls (web-llm
 * reports prefill and decode tokens per second with each completion). The median of the last
 * `window` calls stands for the device once `minSamples` calls have reported: one call's numbers
 * swing with its length and with what else the GPU was doing.
 */
import { measuredProfile, type DeviceProfile } from './device-profiles.ts';

export interface TokenSpeed {
  readonly prefillTokensPerSecond: number;
  readonly decodeTokensPerSecond: number;
}

export const MEASURED_PROFILE_NAME = 'this device';

const usable = (x: number) => x > 0 && Number.isFinite(x);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export class SpeedMeter {
  private readonly samples: TokenSpeed[] = [];

  constructor(
    private readonly window = 20,
    private readonly minSamples = 3,
  ) {}

  /** Records one call's speeds; a call too short to measure (a zero or a non-number) is skipped. */
  record(speed: TokenSpeed): void {
    if (!usable(speed.prefillTokensPerSecond) || !usable(speed.decodeTokensPerSecond)) return;
    this.samples.push(speed);
    if (this.samples.length > this.window) this.samples.shift();
  }

  get count(): number {
    return this.samples.length;
  }

  /** The device profile of the recent calls, or undefined until enough of them reported. */
  profile(): DeviceProfile | undefined {
    if (this.samples.length < this.minSamples) return undefined;
    return measuredProfile(MEASURED_PROFILE_NAME, {
      prefillTokensPerSecond: median(this.samples.map((s) => s.prefillTokensPerSecond)),
      decodeTokensPerSecond: median(this.samples.map((s) => s.decodeTokensPerSecond)),
    });
  }
}
