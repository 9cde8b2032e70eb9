/**
 * Keeps the open conversation's topic forest across reloads, beside the chat it belongs to
 * (chat-persistence.ts keeps the messages in localStorage, so the forest goes there too, under
 * its own key). The forest is restored only for the conversation the chat restored; a new
 * conversation starts an empty forest.
 */
import type { DiscourseState } from '../../engine/discourse/index.ts';
import type { GroveStore } from '../../state/store.ts';
import { emptyTopics, type TopicsSnapshot } from '../../state/topics-slice.ts';

export const TOPICS_KEY = 'grove.topics.v1';

function isDiscourse(value: unknown): value is DiscourseState {
  const d = value as Partial<DiscourseState> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.version === 1 &&
    Array.isArray(d.trees) &&
    typeof d.nodes === 'object' &&
    d.nodes !== null &&
    typeof d.branches === 'object' &&
    d.branches !== null &&
    typeof d.rounds === 'number' &&
    typeof d.nextIds === 'object' &&
    d.nextIds !== null
  );
}

export function parseSavedTopics(text: string | null): TopicsSnapshot | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<TopicsSnapshot>;
    if (typeof value.conversationId !== 'string' || !isDiscourse(value.discourse)) return null;
    const turns = typeof value.turns === 'object' && value.turns !== null ? value.turns : {};
    return { conversationId: value.conversationId, discourse: value.discourse, turns };
  } catch {
    return null;
  }
}

/** Restores the forest of the open conversation (if saved), then saves every change. */
export function persistTopics(
  store: GroveStore,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): () => void {
  const saved = parseSavedTopics(safe(() => storage?.getItem(TOPICS_KEY) ?? null));
  const conversationId = store.getState().conversationId;
  store
    .getState()
    .setTopics(saved?.conversationId === conversationId ? saved : emptyTopics(conversationId));
  return store.subscribe((s, prev) => {
    if (s.conversationId !== prev.conversationId && s.topics.conversationId !== s.conversationId) {
      s.setTopics(emptyTopics(s.conversationId));
      return;
    }
    if (s.topics === prev.topics) return;
    safe(() => storage?.setItem(TOPICS_KEY, JSON.stringify(s.topics)));
  });
}

function safe<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null; // storage blocked or full: the forest lasts for this page only
  }
}
