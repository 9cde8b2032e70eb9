/**
 * The task dialogue as a pure state machine (no I/O): start a task with what the user said and
 * what memory recalled, then ask about missing slots turn by turn (the proactive loop, capped at
 * DEFAULT_MAX_TURNS questions), confirm with the remembered slots, and finish on a yes.
 * Replies are templates built from the slots, so they never claim more than memory holds; with a
 * model loaded, task-reply.ts may show a model-written reply instead, once it is checked against
 * these values.
 */
import { DEFAULT_MAX_TURNS } from '../../engine/task-memory/index.ts';
import {
  doneLine,
  valuesInRequest,
  type TaskKind,
} from '../../engine/task-memory/task-catalogue.ts';
import type { RecalledSlot } from '../../storage/task-memory-store.ts';
import type { TaskState } from '../../state/task-types.ts';

export type { TaskPhase, TaskState } from '../../state/task-types.ts';

export interface TaskStep {
  readonly state: TaskState;
  /** The template reply (with `lead`, when there is one, at its start). */
  readonly reply: string;
  /** What the reply opens with before its confirmation or question ("Updated the time to 8 pm."). */
  readonly lead?: string;
}

const YES = /^(yes|yep|yeah|sure|ok|okay|correct|confirm(ed)?|go ahead|please do|right)\b/i;
const CANCEL = /^(cancel|never ?mind|stop|forget it)\b/i;
const NO = /^(no|nope|not quite|wrong)\b/i;

export function missingSlots(state: TaskState) {
  return state.kind.slots.filter((s) => !state.values[s.name]);
}

export function confirmation(state: TaskState): string {
  const remembered = Object.keys(state.sources).length > 0;
  return `Just to confirm: ${state.kind.phrase(state.values)}${remembered ? ' again' : ''}?`;
}

/** The next move: ask the first missing slot, give up at the cap, or confirm. */
export function nextStep(state: TaskState): TaskStep {
  const missing = missingSlots(state);
  const first = missing[0];
  if (!first)
    return { state: { ...state, phase: 'confirming', asking: null }, reply: confirmation(state) };
  if (state.questions >= state.maxQuestions) {
    const left = missing.map((s) => s.label).join(', ');
    return {
      state: { ...state, phase: 'gave-up', asking: null },
      reply: `I asked ${state.questions} times and still miss: ${left}. Let's stop here; start again whenever you like.`,
    };
  }
  return {
    state: { ...state, phase: 'asking', asking: first.name, questions: state.questions + 1 },
    reply: first.question,
  };
}

export function startTask(
  kind: TaskKind,
  text: string,
  recalled: readonly RecalledSlot[],
  maxQuestions = DEFAULT_MAX_TURNS,
): TaskStep {
  const said = valuesInRequest(kind, text);
  const values: Record<string, string> = { ...said };
  const sources: Record<string, RecalledSlot> = {};
  for (const r of recalled) {
    if (values[r.slot]) continue;
    values[r.slot] = r.value;
    sources[r.slot] = r;
  }
  return nextStep({
    kind,
    values,
    sources,
    phase: 'asking',
    asking: null,
    questions: 0,
    maxQuestions,
    corrected: [],
  });
}

/** The user's next message within an open task ("cancel" / "never mind" drops the task). */
export function continueTask(state: TaskState, text: string): TaskStep {
  const answer = text.trim();
  if (CANCEL.test(answer))
    return {
      state: { ...state, phase: 'gave-up', asking: null },
      reply: `OK, I dropped the ${state.kind.label.toLowerCase()}.`,
    };
  if (state.phase === 'asking' && state.asking) {
    const { [state.asking]: _replaced, ...sources } = state.sources;
    return nextStep({ ...state, values: { ...state.values, [state.asking]: answer }, sources });
  }
  if (state.phase === 'confirming' && YES.test(answer))
    return { state: { ...state, phase: 'done' }, reply: doneLine(state.kind, state.values) };
  if (state.phase === 'confirming' && NO.test(answer)) {
    // The remembered values were wrong: drop them and ask again.
    const values = { ...state.values };
    for (const slot of Object.keys(state.sources)) delete values[slot];
    const dropped = Object.keys(state.sources).length > 0;
    return nextStep({
      ...state,
      values: dropped ? values : {},
      sources: {},
    });
  }
  // Anything else while confirming: read any slot values said, then confirm again.
  const said = valuesInRequest(state.kind, answer);
  const sources = { ...state.sources };
  for (const slot of Object.keys(said)) delete sources[slot];
  return nextStep({ ...state, values: { ...state.values, ...said }, sources });
}

/** The user corrected one slot with the inline control. */
export function correctTask(state: TaskState, slot: string, value: string): TaskStep {
  const label = state.kind.slots.find((s) => s.name === slot)?.label ?? slot;
  const source = state.sources[slot];
  const sources = source ? { ...state.sources, [slot]: { ...source, value } } : state.sources;
  const corrected = state.corrected.includes(slot) ? state.corrected : [...state.corrected, slot];
  const step = nextStep({
    ...state,
    values: { ...state.values, [slot]: value },
    sources,
    corrected,
  });
  const lead = `Updated the ${label} to ${value}.`;
  return { ...step, reply: `${lead} ${step.reply}`, lead };
}

export const isOpen = (state: TaskState | null) =>
  state !== null && (state.phase === 'asking' || state.phase === 'confirming');
