/**
 * One memory as the model and the no-model reply read it: its dates first, so that the newer
 * of two facts is plain and "when" questions can be answered.
 *
 *   - [2024-05 → now] I moved again, to Seattle, in May
 *   - [2023-11 → 2024-05, replaced] I moved to Denver last month
 *   - [2023-05-08] Caroline: I went to a support group   (a summary or session: its first date)
 */
import type { RetrievedItem } from '../retrieval.ts';

export function memoryDates(item: RetrievedItem): string {
  if (item.validFrom === undefined) return '';
  // Each date at the precision it has: a session's day, or the month or year the words gave.
  const from = item.validFrom;
  if (item.replaced) {
    const to = item.validTo ?? '?';
    return `[${from} → ${to}, replaced]`;
  }
  return item.current ? `[${from} → now]` : `[${from}]`;
}

/** The memory's line, `text` already made safe for where it goes (see the reply's escaping). */
export function memoryLine(item: RetrievedItem, text: string = item.text): string {
  const dates = memoryDates(item);
  return dates === '' ? `- ${text}` : `- ${dates} ${text}`;
}
