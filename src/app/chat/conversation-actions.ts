/**
 * The conversation list's actions. Opening a past conversation ends the open session first (it
 * is remembered, as with "New conversation"), then puts the conversation back on screen with its
 * topic forest; it goes on in a new session, since its own sessions are already in memory.
 * Deleting one removes its transcript and topic forest from the history; what memory learned
 * from it stays (the memory inspector deletes facts).
 */
import { newId } from '../../state/ids.ts';
import type { GroveStore } from '../../state/store.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import { clearBackup } from './chat-backup.ts';
import type { ChatController } from './chat-controller.ts';
import { historyReadError } from './history-errors.ts';
import type { KeyValue } from './open-chat.ts';
import { openedFromHistory } from './transcript.ts';

export interface ConversationActions {
  open(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface ConversationDeps {
  readonly store: GroveStore;
  readonly chat: Pick<ChatController, 'endSession' | 'newConversation'>;
  readonly history: ConversationHistory;
  readonly storage?: KeyValue | undefined;
}

export function createConversationActions(deps: ConversationDeps): ConversationActions {
  const { store, chat, history } = deps;
  const storage = 'storage' in deps ? deps.storage : globalThis.localStorage;
  const busy = () => store.getState().messages.some((m) => m.status === 'streaming');

  return {
    async open(id) {
      const s = store.getState();
      if (id === s.conversationId || busy()) return;
      const profileId = s.activeProfileId;
      let loaded;
      try {
        loaded = await history.load(profileId, id);
      } catch (error) {
        store.getState().setHistoryError(historyReadError(error));
        return;
      }
      if (!loaded) {
        store.getState().setHistoryError('That conversation is no longer in the history.');
        return;
      }
      if (store.getState().activeProfileId !== profileId || busy()) return;
      const ending = chat.endSession('open-conversation');
      store.getState().openConversation(openedFromHistory(loaded, newId('s')));
      store.getState().setHistoryError(null);
      await ending;
    },

    async remove(id) {
      const s = store.getState();
      const profileId = s.activeProfileId;
      // The open one: its session ends as with "New conversation", then it is deleted.
      const ending = id === s.conversationId ? chat.newConversation() : Promise.resolve();
      try {
        await history.remove(profileId, id);
        clearBackup(storage, id);
      } catch (error) {
        store
          .getState()
          .setHistoryError(`The conversation could not be deleted (${(error as Error).message}).`);
      }
      await ending;
    },
  };
}
