/** The store's full shape and the slice-creator type every slice is written against. */
import type { StateCreator } from 'zustand/vanilla';
import type { ChatSlice } from './chat-slice.ts';
import type { HistorySlice } from './history-slice.ts';
import type { IngestionSlice } from './ingestion-slice.ts';
import type { MemoryLinkSlice } from './memory-link-slice.ts';
import type { MemorySlice } from './memory-slice.ts';
import type { ProfileSlice } from './profile-slice.ts';
import type { RuntimeSlice } from './runtime-slice.ts';
import type { TaskSlice } from './task-slice.ts';
import type { TopicsSlice } from './topics-slice.ts';
import type { UiSlice } from './ui-slice.ts';

export type GroveState = RuntimeSlice &
  ProfileSlice &
  ChatSlice &
  MemorySlice &
  MemoryLinkSlice &
  IngestionSlice &
  UiSlice &
  TopicsSlice &
  HistorySlice &
  TaskSlice;

export type SliceCreator<T> = StateCreator<GroveState, [], [], T>;
