/**
 * Keeps the chat in the conversation history (IndexedDB, per profile): restores the open
 * conversation after a reload, saves it on every finished change, keeps the list of the active
 * profile's conversations up to date, and remembers which conversation is open (localStorage).
 * A save that fails (a full disk) keeps the open chat in a localStorage backup and says so.
 * Traversal events are not kept (they can be large); retrieved facts are.
 */
import type { Subscription } from 'dexie';
import { newId } from '../../state/ids.ts';
import type { GroveState, GroveStore } from '../../state/store.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import { backupChat, clearChatBackup, readBackup } from './chat-backup.ts';
import { historyReadError, historySaveError } from './history-errors.ts';
import { readOpenChat, writeOpenChat, type KeyValue } from './open-chat.ts';
import { restoreChat } from './restore-chat.ts';
import { chatSave } from './transcript.ts';

export interface ChatPersistence {
  /** Settles once the open conversation is back on screen (or there was none). */
  readonly restored: Promise<void>;
  dispose(): void;
}

const switched = (s: GroveState, prev: GroveState) =>
  s.conversationId !== prev.conversationId || s.activeProfileId !== prev.activeProfileId;

const changed = (s: GroveState, prev: GroveState) =>
  s.messages !== prev.messages ||
  s.sessionId !== prev.sessionId ||
  s.lastActivityAt !== prev.lastActivityAt ||
  s.memoryEnabled !== prev.memoryEnabled;

export function persistChat(
  store: GroveStore,
  history: ConversationHistory,
  storage: KeyValue | undefined = globalThis.localStorage,
  now: () => number = Date.now,
): ChatPersistence {
  const input = { open: readOpenChat(storage), backup: readBackup(storage) };
  const minutes = input.open?.inactivityMinutes ?? input.backup.chat?.inactivityMinutes;
  if (minutes !== undefined) store.getState().setInactivityMinutes(minutes);
  if (input.open?.memoryEffort) store.getState().setMemoryEffort(input.open.memoryEffort);
  /** Conversations whose newest copy is the localStorage backup. */
  const backedUp = new Set<string>();

  let watching: Subscription | undefined;
  const watch = (profileId: string) => {
    watching?.unsubscribe();
    store.getState().setConversations([]);
    watching = history.watch(
      profileId,
      (list) => {
        if (store.getState().activeProfileId === profileId) store.getState().setConversations(list);
      },
      (error) => store.getState().setHistoryError(historyReadError(error)),
    );
  };

  const save = (s: GroveState, touched: boolean) => {
    const id = s.conversationId;
    history.save(s.activeProfileId, chatSave(s, touched ? now() : undefined)).then(
      () => {
        if (backedUp.delete(id)) clearChatBackup(storage, id);
        if (store.getState().historyError) store.getState().setHistoryError(null);
      },
      (error: unknown) => {
        const kept = backupChat(storage, s);
        if (kept) backedUp.add(id);
        store.getState().setHistoryError(historySaveError(error, kept));
      },
    );
  };

  const pointTo = () => {
    const {
      activeProfileId: profileId,
      conversationId,
      inactivityMinutes,
      memoryEffort,
    } = store.getState();
    writeOpenChat(storage, { profileId, conversationId, inactivityMinutes, memoryEffort });
  };
  // Until the restore is done the pointer still names the conversation it reopens.
  let restoring = true;
  const restored = restoreChat(store, history, input, storage, now).finally(() => {
    restoring = false;
    pointTo();
  });
  watch(store.getState().activeProfileId);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.activeProfileId !== prev.activeProfileId) {
      watch(s.activeProfileId);
      // A conversation belongs to the profile it was had in: the new profile starts afresh.
      if (s.messages.length > 0) s.newConversation(newId('c'), newId('s'));
    }
    const settingsChanged =
      s.inactivityMinutes !== prev.inactivityMinutes || s.memoryEffort !== prev.memoryEffort;
    if (!restoring && (switched(s, prev) || settingsChanged)) pointTo();
    // What a switch puts on screen comes from the history (or is empty): nothing new to save.
    if (switched(s, prev) || !changed(s, prev)) return;
    if (s.messages.length === 0 || s.messages.some((m) => m.status === 'streaming')) return;
    save(s, s.messages !== prev.messages);
  });
  return {
    restored,
    dispose() {
      unsubscribe();
      watching?.unsubscribe();
    },
  };
}
