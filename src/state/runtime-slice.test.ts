import { describe, expect, it } from 'vitest';
import { DEVICE_PROFILES, measuredProfile } from '../engine/cost/index.ts';
import type { RuntimeSnapshot } from '../models/runtime-controller.ts';
import { thisDeviceEstimate } from './runtime-slice.ts';

const inMode = (mode: string) =>
  ({ status: 'ready', selection: { mode } }) as unknown as RuntimeSnapshot;

describe("this device's estimate", () => {
  it('is the loaded model’s measured speed whenever there is one', () => {
    const measured = measuredProfile('here', {
      prefillTokensPerSecond: 900,
      decodeTokensPerSecond: 30,
    });
    expect(thisDeviceEstimate(inMode('wasm'), measured)).toEqual({
      profile: measured,
      where: 'on this device',
    });
  });

  it('is the CPU profile where chat runs on WASM, and unknown elsewhere', () => {
    expect(thisDeviceEstimate(inMode('wasm'), null)?.profile).toBe(DEVICE_PROFILES.wasm);
    expect(thisDeviceEstimate(inMode('webgpu'), null)).toBeNull();
    expect(thisDeviceEstimate(null, null)).toBeNull();
  });
});
