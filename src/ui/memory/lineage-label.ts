/**
 * Words for a fact's lifetime in the inspector: the value a step of a chain stands for ("Denver"
 * for "I moved to Denver last month for a job at a bike shop"), the chain in one line ("Denver →
 * Seattle, since May 2024") and a fact's dates ("Mar 2024 → May 2024").
 */
import { sessionDate, spokenDate } from '../../engine/lifetime/calendar.ts';
import { readSlots } from '../../engine/lifetime/supersede-rule.ts';
import type { LineageStep } from '../../storage/fact-lifetime-view.ts';

const MAX_STEP_CHARS = 32;

/** The value a fact states for its attribute, as the user wrote it; else its text, shortened. */
export function stepValue(text: string): string {
  for (const values of readSlots({ text }).slots.values()) {
    const value = values[0];
    if (value === undefined) continue;
    const at = text.toLowerCase().indexOf(value);
    return at < 0 ? value : text.slice(at, at + value.length);
  }
  const plain = text.replace(/[.!?]+$/, '');
  return plain.length > MAX_STEP_CHARS ? `${plain.slice(0, MAX_STEP_CHARS - 1)}…` : plain;
}

/** "Denver → Seattle, since May 2024": the values in order, and when the current one began. */
export function chainLine(steps: readonly LineageStep[]): string {
  const values = steps.map((s) => stepValue(s.text)).join(' → ');
  const last = steps.at(-1);
  return last && !last.replaced && last.validFrom !== null
    ? `${values}, since ${spokenDate(last.validFrom)}`
    : values;
}

/** "May 2024 → now", "Mar 2024 → May 2024", or "" when the fact's start is unknown. */
export function datesLine(
  validFrom: string | null | undefined,
  validTo: string | null | undefined,
  replaced: boolean,
): string {
  if (validFrom === null || validFrom === undefined) return '';
  const end =
    validTo !== null && validTo !== undefined ? spokenDate(validTo) : replaced ? '?' : 'now';
  return `${spokenDate(validFrom)} → ${end}`;
}

/** The link to a step's conversation: "said 10 Apr 2024", else "its conversation". */
export function saidOn(step: Pick<LineageStep, 'sessionTime'>): string {
  const day = sessionDate(step.sessionTime ?? undefined);
  return day === undefined ? 'its conversation' : `said ${spokenDate(day)}`;
}
