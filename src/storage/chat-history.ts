/**
 * The chat's conversation history in IndexedDB, per profile: the list (`chats`), each
 * conversation's transcript (`transcripts`) and its topic forest (`topicTrees`). The page writes
 * it, one operation at a time in call order; a quota failure rolls the write back and becomes a
 * StorageFullError. Memory is not touched: deleting a conversation leaves the sessions and facts
 * learned from it.
 */
import { Dexie, liveQuery, type Subscription } from 'dexie';
import type { GroveDb } from './db.ts';
import { guardQuota } from './quota.ts';
import type { ChatRow, TranscriptRow } from './rows.ts';

export type ChatSummary = Omit<ChatRow, 'profileId'>;
export type ChatTranscript = Omit<TranscriptRow, 'profileId'>;

/** One save of a conversation: its list entry's facts and its whole transcript. */
export interface ChatSave extends ChatTranscript {
  readonly title: string;
  readonly messageCount: number;
  readonly memoryEnabled: boolean;
  /** Epoch ms of something new said; undefined keeps the stored time (e.g. a session ended). */
  readonly touchedAt?: number;
}

export interface LoadedChat {
  readonly summary: ChatSummary;
  readonly transcript: ChatTranscript;
  /** The saved topic forest (plain data), or null when none was saved. */
  readonly topics: unknown;
}

/** What the chat needs from the history (the store below, or a fake in tests). */
export type ConversationHistory = Pick<
  ChatHistoryStore,
  'list' | 'watch' | 'load' | 'save' | 'saveTopics' | 'remove'
>;

const summary = ({ profileId: _p, ...row }: ChatRow): ChatSummary => row;

export class ChatHistoryStore {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: GroveDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs operations one after another, in call order, whatever each one's outcome. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Settles once every operation asked for so far is done, and any asked for while waiting:
   * an export waits for it, so it holds every save of this tab (a failed save included: its
   * error is the save's to report).
   */
  async settled(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
  }

  /** The profile's conversations, the most recently updated first. */
  list(profileId: string): Promise<ChatSummary[]> {
    return this.db.chats
      .where('[profileId+updatedAt]')
      .between([profileId, Dexie.minKey], [profileId, Dexie.maxKey])
      .reverse()
      .toArray()
      .then((rows) => rows.map(summary));
  }

  /** Follows the profile's list through liveQuery: changes from any tab show up. */
  watch(
    profileId: string,
    onChange: (list: ChatSummary[]) => void,
    onError: (error: Error) => void,
  ): Subscription {
    return liveQuery(() => this.list(profileId)).subscribe({
      next: onChange,
      error: (error: unknown) => onError(error as Error),
    });
  }

  load(profileId: string, id: string): Promise<LoadedChat | null> {
    const { db } = this;
    return this.serial(() =>
      db.transaction('r', [db.chats, db.transcripts, db.topicTrees], async () => {
        const [row, transcript, topics] = await Promise.all([
          db.chats.get([profileId, id]),
          db.transcripts.get([profileId, id]),
          db.topicTrees.get([profileId, id]),
        ]);
        if (!row || !transcript) return null;
        const { profileId: _p, ...rest } = transcript;
        return { summary: summary(row), transcript: rest, topics: topics?.data ?? null };
      }),
    );
  }

  save(profileId: string, chat: ChatSave): Promise<void> {
    const { db } = this;
    return this.serial(() =>
      guardQuota(() =>
        db.transaction('rw', [db.chats, db.transcripts], async () => {
          const old = await db.chats.get([profileId, chat.id]);
          const now = this.now();
          await db.chats.put({
            profileId,
            id: chat.id,
            title: chat.title,
            createdAt: old?.createdAt ?? now,
            updatedAt: chat.touchedAt ?? old?.updatedAt ?? now,
            messageCount: chat.messageCount,
            memoryEnabled: chat.memoryEnabled,
          });
          await db.transcripts.put({
            profileId,
            id: chat.id,
            sessionId: chat.sessionId,
            lastActivityAt: chat.lastActivityAt,
            messages: chat.messages,
          });
        }),
      ),
    );
  }

  saveTopics(profileId: string, id: string, data: unknown): Promise<void> {
    return this.serial(() =>
      guardQuota(async () => {
        await this.db.topicTrees.put({ profileId, id, data });
      }),
    );
  }

  /** Deletes the conversation's list entry, transcript and topic forest (nothing else). */
  remove(profileId: string, id: string): Promise<void> {
    const { db } = this;
    return this.serial(() =>
      db.transaction('rw', [db.chats, db.transcripts, db.topicTrees], async () => {
        await db.chats.delete([profileId, id]);
        await db.transcripts.delete([profileId, id]);
        await db.topicTrees.delete([profileId, id]);
      }),
    );
  }
}
