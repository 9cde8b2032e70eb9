/** Which view is open, first-run guidance, and the test-mode label. */
import type { SliceCreator } from './store-types.ts';

export const VIEWS = ['chat', 'memory', 'explorer', 'settings'] as const;
export type ViewId = (typeof VIEWS)[number];

export const VIEW_LABELS: Record<ViewId, string> = {
  chat: 'Chat',
  memory: 'Memory',
  explorer: 'Explorer',
  settings: 'Settings',
};

export interface TestModeInfo {
  /** What stands in for models, in words (the banner shows it). */
  readonly label: string;
}

export interface UiSlice {
  readonly view: ViewId;
  readonly firstRunDismissed: boolean;
  readonly testMode: TestModeInfo | null;
  /** `/?test=memory`: the memory store's test mode (src/app/memory-test-mode.ts), its banner. */
  readonly memoryTestMode: TestModeInfo | null;
  setView(view: ViewId): void;
  dismissFirstRun(): void;
  setTestMode(info: TestModeInfo | null): void;
  setMemoryTestMode(info: TestModeInfo | null): void;
}

export const createUiSlice: SliceCreator<UiSlice> = (set) => ({
  view: 'chat',
  firstRunDismissed: false,
  testMode: null,
  memoryTestMode: null,
  setView: (view) => set({ view }),
  dismissFirstRun: () => set({ firstRunDismissed: true }),
  setTestMode: (testMode) => set({ testMode }),
  setMemoryTestMode: (memoryTestMode) => set({ memoryTestMode }),
});

/** `#settings` → 'settings'; anything else → undefined. */
export function viewFromHash(hash: string): ViewId | undefined {
  const name = hash.replace(/^#\/?/, '');
  return (VIEWS as readonly string[]).includes(name) ? (name as ViewId) : undefined;
}
