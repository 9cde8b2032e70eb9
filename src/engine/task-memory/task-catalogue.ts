/**
 * The task kinds Grove's chat recognises (booking a table, ordering food, playing media, rides),
 * their slots, and the deterministic readings both the chat and the memory worker share:
 *
 * - `classifyTask`: the keyword classifier (no LLM). A kind matches when one of its keywords
 *   appears as a whole phrase in the user's message, or the message opens with one of its
 *   imperatives ("Play …", "Order …"); the first kind listed wins. "I play the violin" is no task.
 * - `readSlotValues`: a session's slot values, read only from what the chat itself wrote or
 *   asked: the user's answer right after one of the kind's own slot questions, the user's
 *   opening request matched against each slot's pattern, and the "Done." summary line the chat
 *   writes when a task completes ("Done. Table booking — restaurant: Nopa; party size: 2.").
 */
import type { Turn } from '../types.ts';
import type { TaskSlot } from './index.ts';

export interface TaskSlotSpec extends TaskSlot {
  /** Short label used in summaries and the correction control ("party size"). */
  readonly label: string;
  /** Reads the slot's value from a free request ("… for 2 …"); group 1 is the value. */
  readonly pattern?: RegExp;
}

export interface TaskKind {
  /** Stored as the unit's intent label. */
  readonly id: string;
  readonly label: string;
  /** Phrases that make a message this task wherever they appear. */
  readonly keywords: readonly string[];
  /** Imperatives that make it this task only at the start of the message ("Play Drive …"). */
  readonly starts?: readonly string[];
  readonly slots: readonly TaskSlotSpec[];
  /** The confirmation phrase from complete values ("a table for 2 at Nopa at 7 pm"). */
  readonly phrase: (values: Readonly<Record<string, string>>) => string;
}

const v = (values: Readonly<Record<string, string>>, name: string) => values[name] ?? '?';

export const TASK_KINDS: readonly TaskKind[] = [
  {
    id: 'book-table',
    label: 'Table booking',
    keywords: ['book a table', 'a table for', 'reserve a table', 'book dinner', 'book lunch'],
    starts: ['book a table', 'reserve'],
    slots: [
      {
        name: 'restaurant_name',
        label: 'restaurant',
        question: 'Which restaurant would you like to book?',
        pattern: /\bat ([A-Z][\w'&-]*(?: [A-Z][\w'&-]*)*)/,
      },
      {
        name: 'party_size',
        label: 'party size',
        question: 'How many people is the table for?',
        pattern: /\bfor (\d{1,2}|two|three|four|five|six|seven|eight)\b(?! ?[ap]\.?m)/i,
      },
      {
        name: 'time',
        label: 'time',
        question: 'What time would you like the table?',
        pattern: /\b(\d{1,2}(?::\d{2})? ?[ap]\.?m\.?)/i,
      },
    ],
    phrase: (x) =>
      `a table for ${v(x, 'party_size')} at ${v(x, 'restaurant_name')} at ${v(x, 'time')}`,
  },
  {
    id: 'order-food',
    label: 'Food order',
    keywords: ['order food', 'order me', 'order some', 'get delivery', 'takeaway', 'takeout'],
    starts: ['order'],
    slots: [
      { name: 'dish', label: 'dish', question: 'What would you like to order?' },
      {
        name: 'restaurant_name',
        label: 'restaurant',
        question: 'Which place should it come from?',
      },
      { name: 'address', label: 'address', question: 'Where should it be delivered?' },
    ],
    phrase: (x) =>
      `${v(x, 'dish')} from ${v(x, 'restaurant_name')}, delivered to ${v(x, 'address')}`,
  },
  {
    id: 'play-media',
    label: 'Playing media',
    keywords: [
      'please play',
      'can you play',
      'could you play',
      'play me',
      'play some',
      'put on some',
    ],
    starts: ['play', 'put on'],
    slots: [
      { name: 'song_name', label: 'what to play', question: 'What would you like to play?' },
      { name: 'device', label: 'speaker', question: 'Which speaker or device should it play on?' },
    ],
    phrase: (x) => `'${v(x, 'song_name')}' on the ${v(x, 'device')}`,
  },
  {
    id: 'ride',
    label: 'Ride',
    keywords: ['a ride', 'taxi', 'a cab', 'uber', 'lyft', 'pick me up'],
    slots: [
      { name: 'destination', label: 'destination', question: 'Where are you going?' },
      { name: 'pickup', label: 'pickup', question: 'Where should the driver pick you up?' },
      { name: 'ride_type', label: 'ride type', question: 'Which kind of ride: shared or private?' },
    ],
    phrase: (x) => `a ${v(x, 'ride_type')} ride from ${v(x, 'pickup')} to ${v(x, 'destination')}`,
  },
];

export class UnknownTaskKindError extends Error {
  override readonly name = 'UnknownTaskKindError';
  constructor(id: string) {
    super(
      `Grove knows no task kind "${id}"; use one of: ${TASK_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
}

export function taskKind(id: string): TaskKind {
  const kind = TASK_KINDS.find((k) => k.id === id);
  if (!kind) throw new UnknownTaskKindError(id);
  return kind;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Words without which a message is not taken for a task, so that most chat turns make no task
 * classification call before their reply. Tuned on dev data: 172 of the 174 task openings of
 * MS-TOD dev whose intent is one of these kinds hold one (the two misses ask about a movie), and
 * 70 of LoCoMo dev's 1,157 questions (6.1%) do. Every keyword and start of TASK_KINDS is among
 * them.
 */
export const TASK_CUES: readonly string[] = [
  'book',
  'booking',
  'reserve',
  'reservation',
  'table',
  'restaurant',
  'dinner',
  'lunch',
  'order',
  'deliver',
  'delivery',
  'takeaway',
  'takeout',
  'play',
  'playing',
  'song',
  'songs',
  'music',
  'playlist',
  'listen',
  'put on',
  'ride',
  'rides',
  'taxi',
  'cab',
  'uber',
  'lyft',
  'pick me up',
  'driver',
  'drive me',
  'lift',
  'airport',
  'get me to',
  'take me to',
  'hungry',
  'starving',
];

const cuePatterns = TASK_CUES.map((c) => new RegExp(`(^|\\W)${escape(c)}(\\W|$)`));

/** Whether `text` could be a task request at all: it holds one of TASK_CUES. */
export function mayBeTask(text: string): boolean {
  const lower = text.toLowerCase();
  return cuePatterns.some((p) => p.test(lower));
}

/** The keyword classifier: the first kind with a keyword in `text`, or null (not a task). */
export function classifyTask(text: string): TaskKind | null {
  const lower = text.toLowerCase();
  const opening = lower.replace(/^(please|hey grove|grove|ok)[,! ]+/, '');
  return (
    TASK_KINDS.find(
      (k) =>
        k.keywords.some((w) => new RegExp(`(^|\\W)${escape(w)}(\\W|$)`).test(lower)) ||
        (k.starts ?? []).some((w) => new RegExp(`^${escape(w)}(\\W|$)`).test(opening)),
    ) ?? null
  );
}

export const DONE_PREFIX = 'Done.';

/** The line the chat writes when a task completes; `readSlotValues` reads it back. */
export function doneLine(kind: TaskKind, values: Readonly<Record<string, string>>): string {
  const parts = kind.slots.map((s) => `${s.label}: ${values[s.name] ?? '?'}`);
  return `${DONE_PREFIX} ${kind.label} — ${parts.join('; ')}.`;
}

/** Slot values said in a free request (the slot patterns). */
export function valuesInRequest(kind: TaskKind, text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const slot of kind.slots) {
    const value = slot.pattern?.exec(text)?.[1]?.trim();
    if (value) out[slot.name] = value;
  }
  return out;
}

/** A session's slot values for `kind` (later turns win), read as described above. */
export function readSlotValues(kind: TaskKind, turns: readonly Turn[]): Record<string, string> {
  const out: Record<string, string> = {};
  turns.forEach((turn, i) => {
    if (turn.speaker === 'user') {
      if (classifyTask(turn.text)?.id === kind.id)
        Object.assign(out, valuesInRequest(kind, turn.text));
      return;
    }
    const text = turn.text.trim();
    if (text.startsWith(`${DONE_PREFIX} ${kind.label} — `)) {
      for (const slot of kind.slots) {
        const m = new RegExp(`${escape(slot.label)}: ([^;]+?)(?:;|\\.$)`).exec(text);
        if (m?.[1] && m[1] !== '?') out[slot.name] = m[1].trim();
      }
      return;
    }
    const asked = kind.slots.find((s) => text.endsWith(s.question));
    const answer = turns[i + 1];
    if (asked && answer?.speaker === 'user' && answer.text.trim() !== '')
      out[asked.name] = answer.text.trim();
  });
  return out;
}

/**
 * The kind of a stored session: the task the chat itself worked on (an assistant turn asking one
 * of a kind's slot questions, confirming or finishing it; whatever classified the request), else
 * the first user turn the keyword classifier recognises.
 */
export function sessionTaskKind(turns: readonly Turn[]): TaskKind | null {
  for (const t of turns) {
    if (t.speaker !== 'assistant') continue;
    const text = t.text.trim();
    const kind = TASK_KINDS.find(
      (k) =>
        text.startsWith(`${DONE_PREFIX} ${k.label} — `) ||
        k.slots.some((s) => text.endsWith(s.question)),
    );
    if (kind) return kind;
  }
  for (const t of turns) {
    if (t.speaker !== 'user') continue;
    const kind = classifyTask(t.text);
    if (kind) return kind;
  }
  return null;
}
