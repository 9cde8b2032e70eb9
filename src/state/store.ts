/**
 * Grove's one store: a vanilla zustand store made of typed slices. Views read it through
 * selectors (useGrove); controllers in src/app write to it; heavy work stays in the workers.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createChatSlice } from './chat-slice.ts';
import { createHistorySlice } from './history-slice.ts';
import { createIngestionSlice } from './ingestion-slice.ts';
import { createMemoryLinkSlice } from './memory-link-slice.ts';
import { createMemorySlice } from './memory-slice.ts';
import { createProfileSlice } from './profile-slice.ts';
import { createRuntimeSlice } from './runtime-slice.ts';
import type { GroveState } from './store-types.ts';
import { createTaskSlice } from './task-slice.ts';
import { createTopicsSlice } from './topics-slice.ts';
import { createUiSlice } from './ui-slice.ts';

export type GroveStore = StoreApi<GroveState>;
export type { GroveState } from './store-types.ts';

export function createGroveStore(): GroveStore {
  return createStore<GroveState>()((...a) => ({
    ...createRuntimeSlice(...a),
    ...createProfileSlice(...a),
    ...createChatSlice(...a),
    ...createMemorySlice(...a),
    ...createMemoryLinkSlice(...a),
    ...createIngestionSlice(...a),
    ...createUiSlice(...a),
    ...createTopicsSlice(...a),
    ...createHistorySlice(...a),
    ...createTaskSlice(...a),
  }));
}
