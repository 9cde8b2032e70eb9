/**
 * Edits of a stored unit (the user corrects a slot, the inspector edits or deletes a pair):
 * pure, returning a new unit; ids of untouched pairs are kept.
 */
import type { TaskMemoryUnit, TaskQa, TaskSlot } from './types.ts';

export class TaskQaNotFoundError extends Error {
  override readonly name = 'TaskQaNotFoundError';
}

/**
 * Sets the answer of `slot` (e.g. the user said "the kitchen speaker this time"): the unit's
 * pairs for that slot are replaced by one pair holding the new value, or one is added.
 */
export function correctSlot(unit: TaskMemoryUnit, slot: TaskSlot, answer: string): TaskMemoryUnit {
  const kept = unit.qa.filter((q) => q.slot !== slot.name);
  const used = new Set(unit.qa.map((q) => q.id));
  let n = unit.qa.length;
  while (used.has(`${unit.id}#qa${n}`)) n++;
  const pair: TaskQa = {
    id: `${unit.id}#qa${n}`,
    question: slot.question,
    answer: answer.trim(),
    slot: slot.name,
    turnIds: [],
  };
  return { ...unit, qa: [pair, ...kept] };
}

/** Replaces the question and/or answer of one pair. */
export function editQa(
  unit: TaskMemoryUnit,
  qaId: string,
  change: { readonly question?: string; readonly answer?: string },
): TaskMemoryUnit {
  if (!unit.qa.some((q) => q.id === qaId))
    throw new TaskQaNotFoundError(
      `Task memory ${unit.id} has no QA pair ${qaId}; reload the memory and try again.`,
    );
  return {
    ...unit,
    qa: unit.qa.map((q) =>
      q.id === qaId
        ? {
            ...q,
            ...(change.question === undefined ? {} : { question: change.question.trim() }),
            ...(change.answer === undefined ? {} : { answer: change.answer.trim() }),
          }
        : q,
    ),
  };
}

/** Deletes one pair. */
export function deleteQa(unit: TaskMemoryUnit, qaId: string): TaskMemoryUnit {
  if (!unit.qa.some((q) => q.id === qaId))
    throw new TaskQaNotFoundError(
      `Task memory ${unit.id} has no QA pair ${qaId}; reload the memory and try again.`,
    );
  return { ...unit, qa: unit.qa.filter((q) => q.id !== qaId) };
}
