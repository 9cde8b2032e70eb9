/**
 * The no-LLM task memory: everything is read from the session text and the data's own labels,
 * nothing is generated.
 *
 * - Intent description: the session's first user utterances (up to `openingTurns`), verbatim.
 * - QA pairs, in this order:
 *   1. confirmed slot values where the data has them (MS-TOD `confirmation_state.slot_values`
 *      of that same, stored session): "What is the name of the song?" → "Black Widow";
 *   2. categorical slot values (SGD `possible_values`) the user said: → "Bedroom speaker";
 *   3. question/answer turn pairs: an assistant question and the user's reply
 *      ("How many people will be in your party?" → "There will be 3 of us."), tagged with the
 *      SGD slot whose words they share most;
 *   4. the opening request ("What did the user ask for?" → the first user utterance).
 * The slots come from the stored session's own intent label (an SGD intent) when given. Nothing
 * here ever looks at another session, so the session being predicted cannot leak into memory.
 */
import type { Session, Turn, TurnId } from '../types.ts';
import type { TaskMemoryUnit, TaskQa, TaskSlot } from './types.ts';

export const DEFAULT_OPENING_TURNS = 2;
export const OPENING_QUESTION = 'What did the user ask for?';

export interface ExtractiveOptions {
  /** User turns read into the intent description (default 2). */
  readonly openingTurns?: number;
  /** The stored session's intent label (e.g. SGD `PlayMedia`). */
  readonly intentLabel?: string;
  /** Slots of the session's task (from its SGD intent). */
  readonly slots?: readonly TaskSlot[];
  /** Slot values the data confirms for this very session (slot name → value). */
  readonly confirmedSlots?: Readonly<Record<string, unknown>>;
}

/** The first `openingTurns` user utterances, joined: the no-LLM intent description. */
export function extractiveIntent(
  turns: readonly Turn[],
  openingTurns = DEFAULT_OPENING_TURNS,
): string {
  return turns
    .filter((t) => t.speaker === 'user' && t.text.trim() !== '')
    .slice(0, Math.max(1, openingTurns))
    .map((t) => t.text.trim())
    .join(' ');
}

const WORD = /[\p{L}\p{N}]+/gu;
const SMALL = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'is',
  'what',
  'for',
  'in',
  'on',
  'be',
  'you',
  'your',
  'do',
  'would',
  'like',
  'will',
  'which',
  'how',
  'many',
  'number',
]);

function words(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 1 && !SMALL.has(w)),
  );
}

/** The slot sharing most words with `text` (slot name parts and its question), if any. */
export function closestSlot(text: string, slots: readonly TaskSlot[]): TaskSlot | undefined {
  const have = words(text);
  let best: TaskSlot | undefined;
  let bestScore = 0;
  for (const slot of slots) {
    const want = words(`${slot.name.replace(/_/g, ' ')} ${slot.question}`);
    let score = 0;
    for (const w of want) if (have.has(w)) score++;
    if (score > bestScore) {
      best = slot;
      bestScore = score;
    }
  }
  return best;
}

function lastQuestion(text: string): string | undefined {
  const sentences = text.match(/[^.!?]*\?/g);
  const q = sentences?.[sentences.length - 1]?.trim();
  return q === undefined || q === '' ? undefined : q;
}

const containsValue = (text: string, value: string): boolean =>
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
    'iu',
  ).test(text);

function valueText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.flatMap((v) => {
      const t = valueText(v);
      return t === undefined ? [] : [t];
    });
    return parts.length === 0 ? undefined : parts.join(', ');
  }
  return undefined;
}

/** One session → one memory unit, without an LLM. */
export function extractTaskMemory(
  session: Session,
  options: ExtractiveOptions = {},
): TaskMemoryUnit {
  const slots = options.slots ?? [];
  const bySlot = new Map(slots.map((s) => [s.name, s]));
  const drafts: { question: string; answer: string; slot?: string; turnIds: TurnId[] }[] = [];
  const seen = new Set<string>();
  const add = (question: string, answer: string, turnIds: TurnId[], slot?: string) => {
    const key = `${question.toLowerCase()}\u0000${answer.toLowerCase()}`;
    if (answer === '' || seen.has(key)) return;
    seen.add(key);
    drafts.push({ question, answer, turnIds, ...(slot === undefined ? {} : { slot }) });
  };

  for (const [name, raw] of Object.entries(options.confirmedSlots ?? {})) {
    const value = valueText(raw);
    if (value === undefined) continue;
    const question = bySlot.get(name)?.question ?? `What is the ${name.replace(/_/g, ' ')}?`;
    add(question, value, [], name);
  }
  const userTurns = session.turns.filter((t) => t.speaker === 'user');
  for (const slot of slots) {
    for (const value of slot.values ?? []) {
      const turn = userTurns.find((t) => containsValue(t.text, value));
      if (turn) add(slot.question, value, [turn.id], slot.name);
    }
  }
  session.turns.forEach((turn, i) => {
    const next = session.turns[i + 1];
    if (turn.speaker !== 'assistant' || next?.speaker !== 'user') return;
    const question = lastQuestion(turn.text);
    if (question === undefined) return;
    const slot = closestSlot(question, slots);
    add(question, next.text.trim(), [turn.id, next.id], slot?.name);
  });
  const opening = userTurns[0];
  if (opening) add(OPENING_QUESTION, opening.text.trim(), [opening.id]);

  const qa: TaskQa[] = drafts.map((d, i) => ({ id: `${session.id}#qa${i}`, ...d }));
  const intentTurns = userTurns.slice(
    0,
    Math.max(1, options.openingTurns ?? DEFAULT_OPENING_TURNS),
  );
  return {
    id: session.id,
    intent: extractiveIntent(session.turns, options.openingTurns),
    activationText: session.turns.map((t) => t.text.trim()).join(' '),
    ...(options.intentLabel === undefined ? {} : { intentLabel: options.intentLabel }),
    qa,
    provenance: {
      sessionId: session.id,
      turnIds: intentTurns.map((t) => t.id),
      ...(session.time === undefined ? {} : { time: session.time }),
      method: 'extractive',
    },
  };
}
