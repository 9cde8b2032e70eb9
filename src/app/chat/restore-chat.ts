/**
 * On load: moves what localStorage still holds (the chat from before the history, or a backup
 * written when the history was full) into the history, then puts the conversation that was open
 * back on screen, unless the user has started another one meanwhile.
 */
import type { OpenedConversation } from '../../state/chat-slice.ts';
import { newId } from '../../state/ids.ts';
import type { GroveStore } from '../../state/store.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import { backupAsSave, clearBackup, type SavedChat, type SavedTopics } from './chat-backup.ts';
import { historyReadError, historySaveError } from './history-errors.ts';
import type { KeyValue, OpenChat } from './open-chat.ts';
import { openedConversation, openedFromHistory } from './transcript.ts';

export interface RestoreInput {
  readonly open: OpenChat | null;
  readonly backup: { readonly chat: SavedChat | null; readonly topics: SavedTopics | null };
}

/** The conversation to reopen in `profileId`: the one the pointer names, else the old chat's. */
function wantedConversation(profileId: string, { open, backup }: RestoreInput): string | null {
  if (open) return open.profileId === profileId ? open.conversationId : null;
  return backup.chat?.profileId === profileId ? backup.chat.conversationId : null;
}

/** Moves the backup into the history (throws when it could not). */
async function migrateBackup(
  history: ConversationHistory,
  { chat, topics }: RestoreInput['backup'],
  now: number,
): Promise<void> {
  const save = chat && backupAsSave(chat, now);
  if (chat && save) await history.save(chat.profileId, save);
  const forestId = topics?.topics.conversationId ?? null;
  const forestProfile =
    topics?.profileId ?? (chat && forestId === chat.conversationId ? chat.profileId : null);
  if (topics && forestId && forestProfile)
    await history.saveTopics(forestProfile, forestId, topics.topics);
}

export async function restoreChat(
  store: GroveStore,
  history: ConversationHistory,
  input: RestoreInput,
  storage: KeyValue | undefined,
  now: () => number = Date.now,
): Promise<void> {
  const start = store.getState();
  const { chat, topics } = input.backup;
  const wanted = wantedConversation(start.activeProfileId, input);
  let opened: OpenedConversation | null = null;
  if (chat || topics) {
    try {
      await migrateBackup(history, input.backup, now());
      // (a backup written meanwhile, of another conversation, stays)
      for (const id of new Set([chat?.conversationId, topics?.topics.conversationId]))
        if (id) clearBackup(storage, id);
    } catch (error) {
      store.getState().setHistoryError(historySaveError(error, true));
    }
    // The backup is the newest copy of its conversation: reopen it from there.
    if (chat && chat.conversationId === wanted) {
      const forest = topics?.topics.conversationId === wanted ? topics.topics : null;
      opened = openedConversation({ ...chat, id: wanted, topics: forest }, newId('s'));
    }
  }
  if (!opened && wanted) {
    try {
      const loaded = await history.load(start.activeProfileId, wanted);
      if (loaded) opened = openedFromHistory(loaded, newId('s'));
    } catch (error) {
      store.getState().setHistoryError(historyReadError(error));
    }
  }
  const s = store.getState();
  const untouched =
    s.activeProfileId === start.activeProfileId &&
    s.conversationId === start.conversationId &&
    s.messages.length === 0;
  if (opened && opened.messages.length > 0 && untouched) s.openConversation(opened);
}
