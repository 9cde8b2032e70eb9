/** Grove's IndexedDB database: one Dexie instance, every shipped schema version declared. */
import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie';
import type {
  ChatRow,
  ConversationRow,
  PendingRow,
  ProfileRow,
  SessionRow,
  SettingRow,
  TaskMemoryRow,
  TopicTreeRow,
  TranscriptRow,
  TreeFactPageRow,
  TreeHeadRow,
  TreeImageRow,
  TreeMetaRow,
  TreeNodePageRow,
  SessionTurnsRow,
} from './rows.ts';
import { SCHEMA_HISTORY } from './schema.ts';

// Dexie turns its debug mode on by itself on localhost (where `npm start` serves Grove): every
// table call and promise then records an async stack (console.createTask), which costs every
// read and write, and the open, time. Grove's errors carry their own messages.
Dexie.debug = false;

export const DEFAULT_DB_NAME = 'grove';

type Keyed<T> = Table<T, unknown>;

export class GroveDb extends Dexie {
  declare profiles: EntityTable<ProfileRow, 'id'>;
  declare settings: Keyed<SettingRow>;
  declare conversations: Keyed<ConversationRow>;
  declare sessions: Keyed<SessionRow>;
  declare sessionTurns: Keyed<SessionTurnsRow>;
  declare pending: Keyed<PendingRow>;
  declare treeHeads: Keyed<TreeHeadRow>;
  declare treeMeta: Keyed<TreeMetaRow>;
  declare treeNodePages: Keyed<TreeNodePageRow>;
  declare treeFactPages: Keyed<TreeFactPageRow>;
  declare treeImages: Keyed<TreeImageRow>;
  declare topicTrees: Keyed<TopicTreeRow>;
  declare taskMemory: Keyed<TaskMemoryRow>;
  declare chats: Keyed<ChatRow>;
  declare transcripts: Keyed<TranscriptRow>;

  constructor(name: string = DEFAULT_DB_NAME, options?: DexieOptions) {
    super(name, options);
    for (const { version, stores, upgrade } of SCHEMA_HISTORY) {
      const declared = this.version(version).stores(stores as Record<string, string | null>);
      if (upgrade) declared.upgrade(upgrade);
    }
  }
}

/**
 * Opens the database. In Node pass fake-indexeddb's `indexedDB` and `IDBKeyRange`; in browsers
 * and workers the globals are used.
 */
export async function openGroveDb(
  name: string = DEFAULT_DB_NAME,
  options?: DexieOptions,
): Promise<GroveDb> {
  const db = new GroveDb(name, options);
  await db.open();
  return db;
}
