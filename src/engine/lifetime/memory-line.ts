/**
 * One memory as the model and the no-model reply read it: its dates first, so that the newer
 * of two facts is plain and "when" questions can be answered.
 *
 *   - [2024-05 → now] I moved again, to Seattle, in May
 *   - [2023-11 → 2024-05, replaced] I moved to Denver last month
 *   - [2023-11] Caroline: I went to a support group   (a memory with no lifetime: its date)
 */
import type { RetrievedItem } from '../retrieval.ts';
import { monthOf } from './calendar.ts';

export function memoryDates(item: RetrievedItem): string {
  if (item.validFrom === undefined) return '';
  const from = monthOf(item.validFrom);
  if (item.replaced) {
    const to = item.validTo === undefined ? '?' : monthOf(item.validTo);
    return `[${from} → ${to}, replaced]`;
  }
  return item.validTo === undefined && item.factIds?.length === 1 ? `[${from} → now]` : `[${from}]`;
}

/** The memory's line, `text` already made safe for where it goes (see the reply's escaping). */
export function memoryLine(item: RetrievedItem, text: string = item.text): string {
  const dates = memoryDates(item);
  return dates === '' ? `- ${text}` : `- ${dates} ${text}`;
}
