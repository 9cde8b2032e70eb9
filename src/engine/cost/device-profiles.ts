/**
 * What an LLM call costs on a device: its prompt at prefill speed, its completion at decode
 * speed, plus a fixed per-call overhead (request set-up and, for structured output, grammar
 * set-up). One engine serves every call, one at a time, so a turn's calls add up.
 *
 * The profiles start from public measurements of 1B-class q4 models in the browser:
 *
 * - `fast` (Apple M-series or a discrete GPU, WebGPU): decode 74 tok/s for a 1B instruct model
 *   in the public WebGPU sweep github.com/ramuncle/webgpu-llm-benchmark (0.5B 142, 1.5B 60, 3B
 *   34 tok/s, one machine). The web-llm paper (arXiv 2412.15803) measures 41 tok/s for an 8B
 *   and 71 tok/s for a 3.8B q4f16 model on an Apple M3 Max, up to 80% of native speed, so a 1B
 *   model runs faster there: 74 is the conservative figure.
 * - `typical` (an integrated laptop GPU, WebGPU): the webgpu-bench dashboard of WebGPU
 *   llama.cpp runs (abhijitramesh/webgpu-bench, data/machines/*.json, April 2026) measures
 *   Llama-3.2-1B-Instruct in Chromium at 44–51 tok/s decode on an Apple M3 16 GB (Q4_K_M,
 *   Q4_0) and 59 tok/s on an 8 GB Apple "metal-3" machine (Q4_1): Apple's integrated GPUs sit
 *   near the fast profile. The laptops most people own (Intel Iris Xe, AMD Radeon 680M class)
 *   have a fraction of that memory bandwidth, and the dashboard lists none yet, so 20 tok/s, a
 *   quarter of fast and under half of a base M3, is an assumption on the slow side.
 * - `wasm` (the CPU fallback, transformers.js on WASM): assumed 8 tok/s decode, a CPU's share of
 *   the same sweep; not yet measured on a real laptop.
 *
 * Prefill is assumed 20× decode on the GPUs (the guide: an order of magnitude or more) and 8× on
 * the CPU, where prompt processing gains less from batching. The assumed figures are the ones to
 * replace first: with a model loaded the app measures that model's own speeds
 * (`measuredProfile`) and uses them instead.
 */

export interface DeviceProfile {
  readonly name: string;
  readonly prefillTokensPerSecond: number;
  readonly decodeTokensPerSecond: number;
  readonly overheadMs: number;
}

export const DEVICE_PROFILE_NAMES = ['fast', 'typical', 'wasm'] as const;
export type DeviceProfileName = (typeof DEVICE_PROFILE_NAMES)[number];

export const DEVICE_PROFILES: Readonly<Record<DeviceProfileName, DeviceProfile>> = {
  fast: { name: 'fast', prefillTokensPerSecond: 1500, decodeTokensPerSecond: 74, overheadMs: 50 },
  typical: {
    name: 'typical',
    prefillTokensPerSecond: 400,
    decodeTokensPerSecond: 20,
    overheadMs: 120,
  },
  wasm: { name: 'wasm', prefillTokensPerSecond: 64, decodeTokensPerSecond: 8, overheadMs: 200 },
};

export class InvalidDeviceSpeedError extends RangeError {
  override readonly name = 'InvalidDeviceSpeedError';
}

/** A profile from a loaded model's own measured speeds (e.g. web-llm's runtime stats). */
export function measuredProfile(
  name: string,
  speeds: { readonly prefillTokensPerSecond: number; readonly decodeTokensPerSecond: number },
  overheadMs = DEVICE_PROFILES.fast.overheadMs,
): DeviceProfile {
  for (const [what, value] of Object.entries(speeds))
    if (!(value > 0 && Number.isFinite(value)))
      throw new InvalidDeviceSpeedError(
        `A measured ${what} must be a positive number, got ${value}`,
      );
  return { name, ...speeds, overheadMs };
}

/** Milliseconds one call takes: overhead, then the prompt's prefill, then the completion's decode. */
export function callMs(profile: DeviceProfile, promptTokens: number, completionTokens: number) {
  return (
    profile.overheadMs +
    (1000 * promptTokens) / profile.prefillTokensPerSecond +
    (1000 * completionTokens) / profile.decodeTokensPerSecond
  );
}

/** Milliseconds until a streamed call's first token: overhead, prefill and one decode step. */
export function firstTokenMs(profile: DeviceProfile, promptTokens: number) {
  return callMs(profile, promptTokens, 1);
}
