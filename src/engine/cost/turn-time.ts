/**
 * A chat turn's time on a device, from the calls it made in order: everything before the reply
 * delays its first token; the reply streams; what follows it (the round summary) ends the turn.
 */
import type { CallRecord } from './call-ledger.ts';
import { callMs, firstTokenMs, type DeviceProfile } from './device-profiles.ts';

export interface TurnTime {
  /** Until the reply's first token. */
  readonly firstTokenMs: number;
  /** Until the turn's last call (the reply and what follows it) is done. */
  readonly endMs: number;
}

export class MissingReplyError extends Error {
  override readonly name = 'MissingReplyError';
  constructor(purpose: string) {
    super(`The turn's calls hold no "${purpose}" call: there is no reply to time`);
  }
}

export function turnTime(
  calls: readonly CallRecord[],
  profile: DeviceProfile,
  replyPurpose: string,
): TurnTime {
  const reply = calls.findIndex((c) => c.purpose === replyPurpose);
  const replyCall = calls[reply];
  if (!replyCall) throw new MissingReplyError(replyPurpose);
  const spent = (list: readonly CallRecord[]) =>
    list.reduce((ms, c) => ms + callMs(profile, c.promptTokens, c.completionTokens), 0);
  const before = spent(calls.slice(0, reply));
  const first = before + firstTokenMs(profile, replyCall.promptTokens);
  const end =
    before +
    callMs(profile, replyCall.promptTokens, replyCall.completionTokens) +
    spent(calls.slice(reply + 1));
  return { firstTokenMs: first, endMs: end };
}

/** The value at quantile q (0..1) of the numbers, by nearest rank; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
