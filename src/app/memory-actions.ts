/**
 * Memory operations the views trigger, over the memory worker: open / switch / create profiles,
 * refresh what the store shows, and the inspector's search, edit, delete, pause, export, import.
 * A failure lands in the store's `memoryError` (shown in an alert) and resolves undefined.
 */
import type { MemoryClient } from '../memory-backend/memory-client.ts';
import type { FactView } from '../storage/memory-store.ts';
import { INSPECTOR_ROWS } from '../state/memory-slice.ts';
import { profileIdFor, type ProfileSummary } from '../state/profile-slice.ts';
import type { GroveStore } from '../state/store.ts';
import type { KeyValue } from './chat/open-chat.ts';

const ACTIVE_PROFILE_KEY = 'grove.activeProfile';

/** What a refresh reads again: with `tree` false, the counts only (the tree did not change). */
export interface RefreshScope {
  readonly tree: boolean;
}

export interface MemoryActions {
  refresh(scope?: RefreshScope): Promise<void>;
  /**
   * The whole tree into the store, where it holds only what the page draws first (a large
   * forest's summaries: TreeOutline.partial); a view that shows facts or lower levels asks.
   */
  loadWholeTree(): Promise<void>;
  openProfile(id: string, name?: string): Promise<void>;
  createProfile(name: string): Promise<void>;
  search(query: string): Promise<(FactView & { score: number })[] | undefined>;
  /** One fact with its provenance, read from the worker (one the store does not hold). */
  fact(id: string): Promise<FactView | undefined>;
  editFact(id: string, text: string): Promise<void>;
  deleteFact(id: string): Promise<void>;
  /** Makes a replaced memory current again; false (and the reason in `memoryError`) when it cannot. */
  undoSupersede(id: string): Promise<boolean>;
  /** Marks memory `oldId` as replaced by `newId`; false (and the reason) when it cannot. */
  markReplaced(oldId: string, newId: string): Promise<boolean>;
  setPaused(paused: boolean): Promise<void>;
  exportProfile(passphrase?: string): Promise<string | undefined>;
  importProfile(text: string, passphrase?: string): Promise<ImportedSummary | undefined>;
}

/** An imported profile, with a note about the file when there is one (an older format). */
export interface ImportedSummary extends ProfileSummary {
  readonly notice?: string;
  /** What came in beside the memory itself. */
  readonly taskMemories: number;
  readonly conversations: number;
  /** The file's own profile id and name, when that id was taken here and a new one was made. */
  readonly renamedFrom?: ProfileSummary;
}

export function savedProfileId(
  storage: KeyValue | undefined = globalThis.localStorage,
): string | null {
  try {
    return storage?.getItem(ACTIVE_PROFILE_KEY) ?? null;
  } catch {
    return null;
  }
}

function saveProfileId(storage: KeyValue | undefined, id: string): void {
  try {
    storage?.setItem(ACTIVE_PROFILE_KEY, id);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

export interface MemoryActionsOptions {
  /** Where the active profile is remembered (localStorage; a test mode's own keys). */
  readonly storage?: KeyValue | undefined;
  /** Settles once everything this tab saved before an export is written (pending-saves.ts). */
  readonly beforeExport?: () => Promise<void>;
}

export function createMemoryActions(
  store: GroveStore,
  memory: MemoryClient,
  options: MemoryActionsOptions = {},
): MemoryActions {
  const storage = 'storage' in options ? options.storage : globalThis.localStorage;
  /** The action whose failure the alert shows: only that action's success clears it. */
  let failedAction: string | undefined;
  async function guard<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await work();
      // A refresh that lands after a refused change must not wipe the reason off the screen.
      if (failedAction === what) {
        failedAction = undefined;
        store.getState().setMemoryError(null);
      }
      return value;
    } catch (error) {
      failedAction = what;
      store.getState().setMemoryError(`${what} failed: ${(error as Error).message}`);
      return undefined;
    }
  }

  let wholeTree: Promise<void> | undefined;
  /** Whether a view has asked for the whole tree since the last refresh. */
  let wholeWanted = false;

  function loadWholeTree(): Promise<void> {
    wholeWanted = true;
    if (!store.getState().tree?.partial) return Promise.resolve();
    wholeTree ??= guard('Reading memory', async () => {
      const outline = await memory.outline('all');
      store.getState().setMemory({ tree: outline });
    }).then(() => {
      wholeTree = undefined;
    });
    return wholeTree;
  }

  async function refresh(scope: RefreshScope = { tree: true }): Promise<void> {
    if (!scope.tree) {
      await guard('Reading memory', async () => {
        store.getState().setMemory({ inspection: await memory.counts() });
      });
      return;
    }
    await guard('Reading memory', async () => {
      // The tree first: the views draw it as soon as it is here (of a large forest, its upper
      // levels only, unless a view asked for all of it); the inspector's first page and the
      // counts follow, each as soon as it is here (the worker checks the tree's health for the
      // counts once the first question no longer waits on it).
      const tree = memory
        .outline(wholeWanted ? 'all' : 'drawn')
        .then((outline) => store.getState().setMemory({ tree: outline }));
      const facts = memory
        .listFacts({ limit: INSPECTOR_ROWS })
        .then((rows) => store.getState().setMemory({ facts: rows }));
      const [inspection] = await Promise.all([memory.counts(), tree, facts]);
      store.getState().setMemory({ inspection });
    });
    void memory.health().then(
      (health) => store.getState().setHealth(health),
      () => undefined,
    );
  }

  async function refreshProfiles(): Promise<void> {
    const rows = await memory.profiles();
    store.getState().setProfiles(rows.map((r) => ({ id: r.id, name: r.name })));
  }

  async function openProfile(id: string, name?: string): Promise<void> {
    wholeWanted = false; // a view still showing asks again once the new profile's tree is here
    const s = store.getState();
    s.setProfileLoading(true);
    try {
      await guard('Opening the profile', async () => {
        await memory.open(id, name === undefined ? {} : { profileName: name });
        store.getState().setActiveProfile(id);
        saveProfileId(storage, id);
        await refreshProfiles();
      });
      await refresh();
    } finally {
      store.getState().setProfileLoading(false);
    }
  }

  return {
    refresh,
    loadWholeTree,
    openProfile,
    createProfile: (name) =>
      openProfile(
        profileIdFor(
          name,
          store.getState().profiles.map((p) => p.id),
        ),
        name.trim() || 'Profile',
      ),
    search: (query) => guard('Searching memory', () => memory.searchFacts(query, 20)),
    fact: async (id) =>
      (await guard('Reading the memory', () => memory.listFacts({ ids: [id] })))?.[0],
    editFact: async (id, text) => {
      await guard('Editing the memory', () => memory.editFact(id, text));
      await refresh();
    },
    deleteFact: async (id) => {
      await guard('Deleting the memory', () => memory.deleteFact(id));
      await refresh();
    },
    undoSupersede: async (id) => {
      const done = await guard('Undoing the replacement', async () => {
        await memory.undoSupersede(id);
        return true;
      });
      if (done) await refresh();
      return done === true;
    },
    markReplaced: async (oldId, newId) => {
      const done = await guard('Marking the memory as replaced', async () => {
        await memory.markReplaced(oldId, newId);
        return true;
      });
      if (done) await refresh();
      return done === true;
    },
    setPaused: async (paused) => {
      await guard('Pausing memory', () => memory.setPaused(paused));
      await refresh();
    },
    exportProfile: (passphrase) =>
      guard('Export', async () => {
        // The page saves the chat itself; the worker reads the database: wait for those saves.
        await options.beforeExport?.();
        return memory.exportProfile(passphrase);
      }),
    importProfile: async (text, passphrase) => {
      const row = await guard('Import', () => memory.importProfile(text, passphrase));
      if (!row) return undefined;
      await refreshProfiles();
      return {
        id: row.id,
        name: row.name,
        taskMemories: row.taskMemories,
        conversations: row.conversations,
        ...(row.notice === undefined ? {} : { notice: row.notice }),
        ...(row.renamedFrom === undefined ? {} : { renamedFrom: row.renamedFrom }),
      };
    },
  };
}
