/**
 * Keeps each conversation's topic forest in the conversation history, beside its transcript
 * (chat-persistence.ts): every change of the open conversation's forest is saved under its id.
 * A conversation opened from the history brings its forest with it; a new one starts empty.
 * A save that fails keeps the forest in a localStorage backup, like the chat's.
 */
import type { GroveStore } from '../../state/store.ts';
import { emptyTopics } from '../../state/topics-slice.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import { backupTopics, clearTopicsBackup } from './chat-backup.ts';
import { historySaveError } from './history-errors.ts';
import type { KeyValue } from './open-chat.ts';
import { forestEmpty } from './saved-forest.ts';

export function persistTopics(
  store: GroveStore,
  history: ConversationHistory,
  storage: KeyValue | undefined = globalThis.localStorage,
): () => void {
  const backedUp = new Set<string>();
  const start = store.getState();
  if (start.topics.conversationId !== start.conversationId)
    start.setTopics(emptyTopics(start.conversationId));
  return store.subscribe((s, prev) => {
    if (s.conversationId !== prev.conversationId) {
      if (s.topics.conversationId !== s.conversationId) s.setTopics(emptyTopics(s.conversationId));
      return; // a forest that came with the conversation is already in the history
    }
    const { topics, activeProfileId: profileId } = s;
    if (topics === prev.topics || topics.conversationId !== s.conversationId) return;
    if (forestEmpty(topics)) return;
    const id = s.conversationId;
    history.saveTopics(profileId, id, topics).then(
      () => {
        if (backedUp.delete(id)) clearTopicsBackup(storage, id);
      },
      (error: unknown) => {
        const kept = backupTopics(storage, profileId, topics);
        if (kept) backedUp.add(id);
        store.getState().setHistoryError(historySaveError(error, kept));
      },
    );
  });
}
