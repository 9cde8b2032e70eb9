/**
 * MS-TOD confirmation dialogue (MAP §4.2–4.3, Table 1 and DTE), pure: for one confirming session,
 * the model writes the confirmation response (`respond`) from the dialogue before it, the task's
 * slots and the memory recalled from earlier sessions; then the proactive loop runs with a
 * simulated user until no slot is missing or wrong, or the turn cap is hit. The same session is
 * run twice, with the recalled memory and with none, so the benefit of memory shows side by side.
 *
 * What each side sees:
 * - CONTEXT: the turns the recall query read (the user turns before the confirmation response by
 *   default), then the loop's own turns.
 * - TASK: the gold slots' names (the task goal's schema, as the paper gives the task goal), never
 *   their values. A value is filled in only when (a) it is a categorical SGD value said in the
 *   context (a no-LLM dialogue-state reading, the same on both sides), or (b) the simulated user
 *   has stated it in the loop.
 * - MEMORY: the recalled core answers (memory on) or none (memory off).
 *
 * Scores:
 * - Slot accuracy: the share of gold slots the first (confirmation) response states correctly.
 *   By default the string checker decides (deterministic, reproducible, no LLM): a slot is right
 *   when its gold value appears as whole words, case and punctuation ignored; a categorical slot
 *   saying another of its SGD values is wrong. `slotCheck: 'llm'` asks the model instead
 *   ('task-check'; an unusable reply counts the slots as missing).
 * - Turns to completion: the simulated user's turns after the confirmation response until every
 *   slot was stated right at least once (0: the confirmation response was complete); a dialogue
 *   stopped at the cap counts the cap. Completion: every slot settled within the cap.
 */
import { asTurnId, type Turn } from '../types.ts';
import type { LlmPort } from '../ports.ts';
import {
  DEFAULT_MAX_TURNS,
  createLlmSlotChecker,
  createStringSlotChecker,
  runProactiveLoop,
  type ProactiveTurn,
  type SlotCheck,
  type SlotChecker,
  type SlotStatus,
} from '../task-memory/proactive.ts';
import { contextLines } from '../task-memory/prompts.ts';
import { respond } from '../task-memory/respond.ts';
import type { TaskSlot } from '../task-memory/types.ts';
import { countingLlm } from './counting-llm.ts';
import { createSimulatedUser } from './simulated-user.ts';

export type SlotCheckMode = 'string' | 'llm';

export interface MsTodDialogueSettings {
  /** Writes every assistant response (and checks the slots with `slotCheck: 'llm'`). */
  readonly llm: LlmPort;
  /** Who decides whether a response states a slot (default 'string'). */
  readonly slotCheck?: SlotCheckMode;
  /** Most simulated-user turns per dialogue (default 5). */
  readonly maxTurns?: number;
  /** Most slots the simulated user answers per turn (default all it is asked about). */
  readonly userSlotsPerTurn?: number;
}

export interface DialogueOutcome {
  /** The confirmation response. */
  readonly response: string;
  /** Share of gold slots the confirmation response states correctly, in [0, 1]. */
  readonly slot_accuracy: number;
  /** Each gold slot's status in the confirmation response. */
  readonly slots: Readonly<Record<string, SlotStatus>>;
  readonly turns: number;
  readonly complete: boolean;
  /** The loop's turns, the confirmation response first. */
  readonly dialogue: readonly ProactiveTurn[];
}

export interface MsTodDialogueRow {
  /** The gold slot values (confirmation_state.slot_values). */
  readonly goal: Readonly<Record<string, string>>;
  /** The recalled core answers given as MEMORY on the memory-on side. */
  readonly memory: readonly string[];
  readonly with_memory: DialogueOutcome;
  readonly no_memory: DialogueOutcome;
  /** LLM calls (every attempt) and tokens of both dialogues together. */
  readonly llm_calls: number;
  readonly llm_tokens: number;
}

export interface MsTodDialogueInput {
  /** Prefix of the loop's turn ids (the confirming session's id). */
  readonly sessionId: string;
  /** The dialogue before the confirmation response, as the recall query read it. */
  readonly context: readonly Turn[];
  readonly goal: Readonly<Record<string, string>>;
  /** The task's SGD slots (categorical values); empty when the schema has none. */
  readonly slots: readonly TaskSlot[];
  readonly memory: readonly string[];
  readonly settings: MsTodDialogueSettings;
  readonly signal?: AbortSignal;
}

/** The gold slots as text (string, number and boolean values; empty ones left out). */
export function goalOf(slotValues: Readonly<Record<string, unknown>>): Record<string, string> {
  const goal: Record<string, string> = {};
  for (const [name, value] of Object.entries(slotValues)) {
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value).trim()
        : '';
    if (text !== '') goal[name] = text;
  }
  return goal;
}

const words = (s: string): string =>
  ` ${s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** Categorical values the context says, per goal slot (the last value said wins). */
export function saidInContext(
  names: readonly string[],
  slots: readonly TaskSlot[],
  context: string,
): Record<string, string> {
  const said = words(context);
  const known: Record<string, string> = {};
  for (const name of names) {
    const values = slots.find((s) => s.name === name)?.values ?? [];
    let best: { value: string; at: number } | undefined;
    for (const value of values) {
      const at = words(value).trim() === '' ? -1 : said.lastIndexOf(words(value));
      if (at >= 0 && (best === undefined || at > best.at)) best = { value, at };
    }
    if (best) known[name] = best.value;
  }
  return known;
}

/** Checks each distinct response once (the loop re-checks the confirmation response). */
function checkedOnce(check: SlotChecker): SlotChecker {
  const seen = new Map<string, Promise<readonly SlotCheck[]>>();
  return (goal, response, signal) => {
    let checks = seen.get(response);
    if (!checks) {
      checks = check(goal, response, signal);
      seen.set(response, checks);
    }
    return checks;
  };
}

function slotChecker(input: MsTodDialogueInput, llm: LlmPort): SlotChecker {
  if (input.settings.slotCheck === 'llm') return createLlmSlotChecker(llm);
  const alternatives: Record<string, readonly string[]> = {};
  for (const slot of input.slots) if (slot.values?.length) alternatives[slot.name] = slot.values;
  return createStringSlotChecker(alternatives);
}

async function dialogueWith(
  input: MsTodDialogueInput,
  memory: readonly string[],
  llm: LlmPort,
): Promise<DialogueOutcome> {
  const { goal, signal } = input;
  const names = Object.keys(goal);
  const state = saidInContext(names, input.slots, contextLines(input.context));
  const user = createSimulatedUser(goal, {
    ...(input.settings.userSlotsPerTurn === undefined
      ? {}
      : { slotsPerTurn: input.settings.userSlotsPerTurn }),
  });
  const task = () => {
    const told = user.told();
    return Object.fromEntries(names.map((n) => [n, told[n] ?? state[n]]));
  };
  const say = (turns: readonly Turn[]) =>
    respond(turns, task(), memory, { llm, ...(signal ? { signal } : {}) });
  const asTurns = (dialogue: readonly ProactiveTurn[]): Turn[] =>
    dialogue.map((t, i) => ({
      id: asTurnId(`${input.sessionId}:proactive${i + 1}`),
      speaker: t.speaker,
      text: t.text,
    }));
  const check = checkedOnce(slotChecker(input, llm));
  const response = await say(input.context);
  const first = await check(goal, response, signal);
  const result = await runProactiveLoop({
    goal,
    response,
    check,
    user: user.reply,
    assistant: (dialogue) => say([...input.context, ...asTurns(dialogue)]),
    maxTurns: input.settings.maxTurns ?? DEFAULT_MAX_TURNS,
    ...(signal ? { signal } : {}),
  });
  const ok = first.filter((c) => c.status === 'ok').length;
  return {
    response,
    slot_accuracy: names.length === 0 ? 0 : ok / names.length,
    slots: Object.fromEntries(first.map((c) => [c.name, c.status])),
    turns: result.turns,
    complete: result.complete,
    dialogue: result.dialogue,
  };
}

/** The confirmation dialogue of one session, with the recalled memory and with none. */
export async function msTodDialogue(input: MsTodDialogueInput): Promise<MsTodDialogueRow> {
  const llm = countingLlm(input.settings.llm);
  const withMemory = await dialogueWith(input, input.memory, llm);
  const noMemory = await dialogueWith(input, [], llm);
  return {
    goal: input.goal,
    memory: input.memory,
    with_memory: withMemory,
    no_memory: noMemory,
    llm_calls: llm.calls(),
    llm_tokens: llm.tokens(),
  };
}
