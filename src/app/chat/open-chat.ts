/**
 * Which conversation is open, per browser (localStorage, a few bytes): after a reload the chat
 * reopens it from the history, in the profile it belongs to. Also the inactivity timeout and the
 * memory effort, settings of the chat rather than of one conversation.
 */
import { isMemoryEffort, type MemoryEffort } from '../../engine/tree/memory-effort.ts';

export const OPEN_CHAT_KEY = 'grove.chat.v2';

export interface OpenChat {
  readonly profileId: string;
  readonly conversationId: string;
  readonly inactivityMinutes: number;
  readonly memoryEffort?: MemoryEffort;
}

export type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function parseOpenChat(text: string | null): OpenChat | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<OpenChat>;
    if (typeof v.profileId !== 'string' || typeof v.conversationId !== 'string') return null;
    return {
      profileId: v.profileId,
      conversationId: v.conversationId,
      inactivityMinutes: typeof v.inactivityMinutes === 'number' ? v.inactivityMinutes : 10,
      ...(isMemoryEffort(v.memoryEffort) ? { memoryEffort: v.memoryEffort } : {}),
    };
  } catch {
    return null;
  }
}

export function readOpenChat(storage: KeyValue | undefined): OpenChat | null {
  return parseOpenChat(safely(() => storage?.getItem(OPEN_CHAT_KEY) ?? null));
}

export function writeOpenChat(storage: KeyValue | undefined, open: OpenChat): void {
  safely(() => storage?.setItem(OPEN_CHAT_KEY, JSON.stringify(open)));
}

/** Runs a localStorage call; blocked or full storage gives null (the page goes on without it). */
export function safely<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null;
  }
}
