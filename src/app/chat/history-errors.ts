/** What the conversation list says when the history cannot be saved or read. */
import { isQuotaError } from '../../storage/quota.ts';

/** A save failed; `backedUp` when the open chat was kept in localStorage instead. */
export function historySaveError(error: unknown, backedUp: boolean): string {
  const kept = backedUp
    ? 'It stays on screen, and a copy is kept in this browser until the history has room again.'
    : 'It stays on screen until you reload or close this tab.';
  if (isQuotaError(error))
    return (
      `The browser has no room left for the conversation history: the latest messages were not ` +
      `saved to it. ${kept} Delete old conversations below (what Grove remembered from them ` +
      `stays in memory), or free space in the browser.`
    );
  return `The conversation history could not be saved (${(error as Error).message}). ${kept}`;
}

export function historyReadError(error: unknown): string {
  return `The conversation history could not be read (${(error as Error).message}).`;
}
