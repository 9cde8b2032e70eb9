/**
 * The simulated user of the MS-TOD dialogue evaluation (MAP §4.3: "an agent to simulate the user,
 * explicitly informing it of the slot set L"). Deterministic, no LLM: told the task goal, it
 * answers the pending (missing or wrong) slots the proactive loop hands it, in the loop's order,
 * with the goal's values, one plain sentence per slot ("The song name is Black Widow."). At most
 * `slotsPerTurn` slots per reply (default: all of them). It remembers what it said, so the
 * evaluation can carry the stated values into the task state.
 */
import type { SlotCheck } from '../task-memory/proactive.ts';

export interface SimulatedUser {
  /** The slot values this user has stated so far (slot name → value). */
  readonly told: () => Readonly<Record<string, string>>;
  readonly reply: (response: string, pending: readonly SlotCheck[]) => Promise<string>;
}

export interface SimulatedUserOptions {
  /** Most slots answered per reply (default all; at least 1). */
  readonly slotsPerTurn?: number;
}

/** "The song name is Black Widow." */
export const statedSlot = (name: string, value: string): string =>
  `The ${name.replace(/_/g, ' ')} is ${value}.`;

export function createSimulatedUser(
  goal: Readonly<Record<string, string>>,
  options: SimulatedUserOptions = {},
): SimulatedUser {
  const perTurn = Math.max(1, Math.floor(options.slotsPerTurn ?? Number.POSITIVE_INFINITY));
  const told: Record<string, string> = {};
  return {
    told: () => ({ ...told }),
    reply: (_response, pending) => {
      const answered = pending.filter((p) => Object.hasOwn(goal, p.name)).slice(0, perTurn);
      for (const p of answered) told[p.name] = goal[p.name] as string;
      const text = answered.map((p) => statedSlot(p.name, goal[p.name] as string)).join(' ');
      return Promise.resolve(text === '' ? 'That is everything.' : text);
    },
  };
}
