/** The line under a conversation's title in the list: when, how long, and whether memory was off. */
import type { ConversationSummary } from '../../state/history-slice.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "9:05" (as the locale writes times) today, "Yesterday", "12 Mar" this year, "12 Mar 2024" before. */
export function conversationDate(at: number, now: number, locale?: string): string {
  const when = new Date(at);
  const today = new Date(now);
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  if (at >= midnight)
    return when.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  if (at >= midnight - DAY_MS) return 'Yesterday';
  return when.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(when.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
  });
}

export function messageCount(n: number): string {
  return `${n} message${n === 1 ? '' : 's'}`;
}

/** The rest of the line after the date. */
export function conversationDetails(c: ConversationSummary): string {
  return `${messageCount(c.messageCount)}${c.memoryEnabled ? '' : ' · memory off'}`;
}
