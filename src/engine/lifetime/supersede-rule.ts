/**
 * The no-model supersede rule. A new fact replaces an older current fact when both state the
 * same mutable slot of the same person (the user, or the same named speaker), the new one gives
 * a value the old one does not hold, and the new one's words say something changed or was
 * corrected; in a slot the user holds several values of (pets), that the old one was wrong or
 * ended ("adopted a second cat" adds a cat). Anything less certain is left alone: missing an update keeps both facts visible,
 * inventing one hides a true fact.
 */
import { speakerPrefix } from '../facts/sentence-kind.ts';
import type { Fact, FactId } from '../types.ts';
import { hasChangeCue, isCorrection, saysEnded } from './change-cues.ts';
import { slotMentions, type SlotMention } from './slots.ts';

export interface SlotReading {
  readonly speaker: string;
  /** The user's own mutable slots this fact states, with their values. */
  readonly slots: ReadonlyMap<string, readonly string[]>;
  /** The slots in which this fact may replace an older one (another pet replaces none). */
  readonly replaces: ReadonlySet<string>;
  readonly text: string;
  readonly cue: boolean;
  readonly correction: boolean;
}

/** What the rule needs of one fact, read once. */
export function readSlots(fact: Pick<Fact, 'text'>): SlotReading {
  const speaker = speakerPrefix(fact.text);
  const own = new Map<string, string[]>();
  const replaces = new Set<string>();
  const correction = isCorrection(fact.text);
  const ended = saysEnded(fact.text);
  for (const m of slotMentions(fact.text.slice(speaker.length)) as SlotMention[]) {
    if (m.other || !m.mutable) continue;
    own.set(m.slot, [...(own.get(m.slot) ?? []), ...m.values]);
    if (!m.another || correction || ended) replaces.add(m.slot);
  }
  return {
    speaker,
    slots: own,
    replaces,
    text: fact.text.toLowerCase(),
    cue: hasChangeCue(fact.text),
    correction,
  };
}

export interface RuleCandidate {
  readonly id: FactId;
  readonly reading: SlotReading;
}

/** The slots in which `next` replaces `old`, or none. */
export function replacedSlots(next: SlotReading, old: SlotReading): string[] {
  if (next.speaker !== old.speaker) return [];
  if (!next.cue && !next.correction) return [];
  const out: string[] = [];
  for (const [slot, values] of next.slots) {
    if (!next.replaces.has(slot) || !old.slots.has(slot)) continue;
    const fresh = values.filter((v) => !old.text.includes(v));
    if (fresh.length > 0) out.push(slot);
  }
  return out;
}

/** The candidates a new fact replaces under the rule. */
export function ruleSupersedes(next: SlotReading, candidates: readonly RuleCandidate[]): FactId[] {
  return candidates.filter((c) => replacedSlots(next, c.reading).length > 0).map((c) => c.id);
}
