/**
 * The task dialogue's reply when a model is loaded (MAP §4.3): the engine's `respond` writes the
 * confirmation or the next question from the dialogue, the task's slots (every known value, and
 * `?` for the one slot the state machine asks next) and the core answers of the memories that
 * supplied values. The string slot checker then compares the reply with the values the state
 * machine holds, which are the ground truth. A reply that states every known value and asks the
 * user something is shown; otherwise (a slot left out or wrong, no question, an empty reply, a
 * failed or stopped call) the template reply stands, and the check says why. This step never
 * throws, and never changes the task's state.
 */
import { errorMessage, isAbortError } from '../../engine/errors.ts';
import type { LlmPort } from '../../engine/ports.ts';
import {
  createStringSlotChecker,
  respond,
  type SlotStatus,
} from '../../engine/task-memory/index.ts';
import type { Turn } from '../../engine/types.ts';
import type { CheckedSlot, TaskReplyCheck, TemplateReason } from '../../state/task-types.ts';
import type { TaskState, TaskStep } from './task-flow.ts';

export type { CheckedSlot, TaskReplyCheck, TemplateReason } from '../../state/task-types.ts';

export interface TaskReply {
  readonly text: string;
  readonly check: TaskReplyCheck;
}

/** Most recent turns of the session the model sees. */
export const CONTEXT_TURNS = 12;

const checker = createStringSlotChecker();

/** Only the open dialogue's confirmations and questions are written by the model. */
export const modelWrites = (state: TaskState): boolean =>
  state.phase === 'asking' || state.phase === 'confirming';

/** The values the state machine holds, by slot name (the checker's goal). */
export function knownSlots(state: TaskState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const slot of state.kind.slots) {
    const value = state.values[slot.name];
    if (value) out[slot.name] = value;
  }
  return out;
}

/**
 * TASK for the response prompt: every known slot, and `?` for the slot asked next. The other open
 * slots are left out: the user's next message is read as the answer to that one slot alone.
 */
export function respondTask(state: TaskState): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const slot of state.kind.slots) {
    const value = state.values[slot.name];
    if (value) out[slot.name] = value;
    else if (slot.name === state.asking) out[slot.name] = undefined;
  }
  return out;
}

/** MEMORY for the response prompt: the core answers of the memories that supplied values. */
export function memoryAnswers(state: TaskState): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const slot of state.kind.slots) {
    const answer = state.sources[slot.name]?.value.trim() ?? '';
    if (answer === '' || seen.has(answer.toLowerCase())) continue;
    seen.add(answer.toLowerCase());
    out.push(answer);
  }
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function slotsSummary(slots: readonly CheckedSlot[]): string {
  const by = (status: SlotStatus) => slots.filter((s) => s.status === status);
  const parts = (['missing', 'wrong'] as const).flatMap((status) => {
    const hit = by(status);
    if (hit.length === 0) return [];
    return [`${plural(hit.length, 'slot')} ${status} (${hit.map((s) => s.label).join(', ')})`];
  });
  return `Reply checked: ${parts.join(', ')}; template used`;
}

function template(
  step: TaskStep,
  reason: TemplateReason,
  summary: string,
  extra: Partial<Pick<TaskReplyCheck, 'slots' | 'rejected' | 'error'>> = {},
): TaskReply {
  return {
    text: step.reply,
    check: { source: 'template', reason, slots: [], summary, ...extra },
  };
}

export interface TaskReplyInput {
  readonly llm: LlmPort;
  /** The state machine's step: its state says what to confirm or ask, its reply is the template. */
  readonly step: TaskStep;
  /** The session so far, ending with the user's latest message. */
  readonly turns: readonly Turn[];
  readonly signal?: AbortSignal;
}

/** The model-written reply when it checks out against the task's slots, else the template. */
export async function writeTaskReply(input: TaskReplyInput): Promise<TaskReply> {
  const { step, signal } = input;
  const { state } = step;
  const stopped = () =>
    template(step, 'stopped', 'Stopped before the model finished; template used');
  if (signal?.aborted) return stopped();
  let written: string;
  try {
    written = await respond(
      input.turns.slice(-CONTEXT_TURNS),
      respondTask(state),
      memoryAnswers(state),
      { llm: input.llm, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) return stopped();
    const message = errorMessage(error);
    return template(step, 'error', 'The model could not write the reply; template used', {
      error: message,
    });
  }
  if (signal?.aborted) return stopped();
  if (written === '') return template(step, 'empty', 'The model’s reply was empty; template used');

  const goal = knownSlots(state);
  const checks = await checker(goal, written);
  const slots = checks.map((c): CheckedSlot => {
    const spec = state.kind.slots.find((s) => s.name === c.name);
    return {
      name: c.name,
      label: spec?.label ?? c.name,
      value: goal[c.name] ?? '',
      status: c.status,
    };
  });
  if (slots.some((s) => s.status !== 'ok'))
    return template(step, 'slots', slotsSummary(slots), { slots, rejected: written });
  if (!written.includes('?'))
    return template(step, 'no-question', 'Reply checked: it asks the user nothing; template used', {
      slots,
      rejected: written,
    });
  const stated =
    slots.length === 0
      ? 'no slot known yet'
      : `${slots.length} of ${plural(slots.length, 'slot')} stated as held`;
  return {
    text: step.lead ? `${step.lead} ${written}` : written,
    check: { source: 'model', slots, summary: `Reply checked: ${stated}; written by the model` },
  };
}
