/**
 * Playback of a traversal: step, play / pause, speed, scrub. While playing, a
 * requestAnimationFrame loop advances `speed × BASE_EVENTS_PER_SECOND` events a second.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { ReplayCursor, type ReplayFrame } from './replay.ts';

export const BASE_EVENTS_PER_SECOND = 6;
export const SPEEDS = [0.5, 1, 2, 4, 16, 64] as const;

export interface Replay {
  readonly frame: ReplayFrame;
  readonly playing: boolean;
  readonly speed: number;
  play(): void;
  pause(): void;
  seek(step: number): void;
  stepBy(delta: number): void;
  setSpeed(speed: number): void;
}

const EMPTY: readonly TraversalEvent[] = [];

export function useReplay(events: readonly TraversalEvent[] | undefined): Replay {
  const list = events ?? EMPTY;
  const cursor = useMemo(() => new ReplayCursor(list), [list]);
  // A new traversal starts at its beginning and plays on its own.
  const [state, setState] = useState({ cursor, step: 0, playing: list.length > 0 });
  const [speed, setSpeed] = useState(1);
  const current = state.cursor === cursor ? state : { cursor, step: 0, playing: list.length > 0 };
  if (current !== state) setState(current);
  const { step, playing } = current;
  const frame = useMemo(() => cursor.seek(step), [cursor, step]);
  const position = useRef({ at: 0, carry: 0 });

  useEffect(() => {
    if (!playing) return;
    let handle = 0;
    position.current = { at: performance.now(), carry: 0 };
    const tick = (now: number) => {
      const elapsed = now - position.current.at;
      position.current.at = now;
      const advance = position.current.carry + (elapsed / 1000) * speed * BASE_EVENTS_PER_SECOND;
      const whole = Math.floor(advance);
      position.current.carry = advance - whole;
      if (whole > 0) {
        setState((s) => {
          const next = Math.min(s.cursor.total, s.step + whole);
          return { ...s, step: next, playing: next < s.cursor.total };
        });
      }
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [playing, speed]);

  const seek = useCallback(
    (to: number) => setState((s) => ({ ...s, step: Math.max(0, Math.min(s.cursor.total, to)) })),
    [],
  );
  return {
    frame,
    playing,
    speed,
    play: () =>
      setState((s) => ({
        ...s,
        step: s.step >= s.cursor.total ? 0 : s.step,
        playing: s.cursor.total > 0,
      })),
    pause: () => setState((s) => ({ ...s, playing: false })),
    seek,
    stepBy: (delta) =>
      setState((s) => ({
        ...s,
        playing: false,
        step: Math.max(0, Math.min(s.cursor.total, s.step + delta)),
      })),
    setSpeed,
  };
}
