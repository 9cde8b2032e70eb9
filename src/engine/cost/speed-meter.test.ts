import { describe, expect, it } from 'vitest';
import { DEVICE_PROFILES } from './device-profiles.ts';
import { MEASURED_PROFILE_NAME, SpeedMeter } from './speed-meter.ts';

const speed = (prefill: number, decode: number) => ({
  prefillTokensPerSecond: prefill,
  decodeTokensPerSecond: decode,
});

describe('SpeedMeter', () => {
  it('has no profile until enough calls reported', () => {
    const meter = new SpeedMeter(20, 3);
    meter.record(speed(900, 40));
    meter.record(speed(1000, 45));
    expect(meter.profile()).toBeUndefined();
    meter.record(speed(5000, 50));
    expect(meter.profile()).toEqual({
      name: MEASURED_PROFILE_NAME,
      prefillTokensPerSecond: 1000,
      decodeTokensPerSecond: 45,
      overheadMs: DEVICE_PROFILES.fast.overheadMs,
    });
  });

  it('follows the recent calls only, and skips calls too short to measure', () => {
    const meter = new SpeedMeter(2, 1);
    meter.record(speed(100, 10));
    meter.record(speed(300, 30));
    meter.record(speed(500, 50));
    meter.record(speed(0, 60));
    meter.record(speed(700, Number.NaN));
    expect(meter.count).toBe(2);
    expect(meter.profile()).toMatchObject({
      prefillTokensPerSecond: 400,
      decodeTokensPerSecond: 40,
    });
  });
});
