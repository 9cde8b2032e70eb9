/**
 * The conversation history between the store and the export file. Exporting reads a profile's
 * `chats`, `transcripts` and `topicTrees` rows and writes each entry as the import will read it:
 * through the same schemas, so its fields come in a fixed order (the same store gives the same
 * bytes) and the file always imports again. What the chat could not show is left out rather than
 * making the file unimportable: a list entry without a transcript (or the reverse), a forest of
 * no listed conversation, a stored message that is not a finished message view (the chat drops
 * those when it opens the conversation), and a forest that is not a well-formed forest of its
 * conversation (the chat would start that conversation's forest afresh). A store the chat wrote
 * has none of these, and round-trips row for row.
 */
import { ImportError } from '../errors.ts';
import type { ChatRow, TopicTreeRow, TranscriptRow } from '../rows.ts';
import {
  chatSchema,
  messageSchema,
  transcriptSchema,
  type ExportedChat,
  type ExportedMessage,
  type ExportedTranscript,
} from './chat-format.ts';
import { forestDataSchema, type ExportedTopicForest } from './forest-format.ts';
import { checkForest, type HistorySections } from './validate-chats.ts';

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `value` as the file holds it (JSON), or undefined when JSON cannot hold it. */
function asJson(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return undefined;
  }
}

function exportedMessages(values: readonly unknown[]): ExportedMessage[] {
  const seen = new Set<string>();
  const out: ExportedMessage[] = [];
  for (const value of values) {
    const parsed = messageSchema.safeParse(asJson(value));
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    out.push(parsed.data);
  }
  return out;
}

function exportedForest(row: TopicTreeRow): ExportedTopicForest | undefined {
  const parsed = forestDataSchema.safeParse(asJson(row.data));
  if (!parsed.success) return undefined;
  try {
    checkForest(row.id, parsed.data);
  } catch (error) {
    if (error instanceof ImportError) return undefined;
    throw error;
  }
  return { id: row.id, forest: parsed.data };
}

/** A profile's history rows (any order) as the file's sorted history sections. */
export function exportHistory(
  chatRows: readonly ChatRow[],
  transcriptRows: readonly TranscriptRow[],
  forestRows: readonly TopicTreeRow[],
): HistorySections {
  const stored = new Map(transcriptRows.map((t) => [t.id, t]));
  const chats: ExportedChat[] = [];
  const transcripts: ExportedTranscript[] = [];
  for (const row of [...chatRows].sort(byId)) {
    const t = stored.get(row.id);
    if (!t) continue;
    const chat = chatSchema.safeParse(
      asJson({
        id: row.id,
        title: row.title,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        messageCount: row.messageCount,
        memoryEnabled: row.memoryEnabled,
      }),
    );
    const transcript = transcriptSchema.safeParse(
      asJson({
        id: t.id,
        sessionId: t.sessionId,
        lastActivityAt: t.lastActivityAt,
        messages: exportedMessages(t.messages),
      }),
    );
    if (!chat.success || !transcript.success) continue;
    chats.push(chat.data);
    transcripts.push(transcript.data);
  }
  const listed = new Set(chats.map((c) => c.id));
  const topicForests = [...forestRows]
    .filter((row) => listed.has(row.id))
    .sort(byId)
    .map(exportedForest)
    .filter((f) => f !== undefined);
  return { chats, transcripts, topicForests };
}

/** The rows an import writes for the file's history, under profile `profileId`. */
export function historyRows(profileId: string, data: HistorySections) {
  return {
    chats: data.chats.map((c): ChatRow => ({ profileId, ...c })),
    transcripts: data.transcripts.map((t): TranscriptRow => ({ profileId, ...t })),
    topicTrees: data.topicForests.map((f): TopicTreeRow => ({
      profileId,
      id: f.id,
      data: f.forest,
    })),
  };
}
