import { describe, expect, it } from 'vitest';
import type { TaskKind } from '../engine/task-memory/task-catalogue.ts';
import { createGroveStore } from './store.ts';
import type { TaskCard, TaskReplyCheck, TaskState } from './task-types.ts';

// The slice only holds the dialogue's state: a stand-in kind is enough.
const kind = { id: 'book-table', label: 'Table booking', slots: [] } as unknown as TaskKind;

const state: TaskState = {
  kind,
  values: { party_size: '2' },
  sources: {},
  phase: 'confirming',
  asking: null,
  questions: 0,
  maxQuestions: 5,
  corrected: [],
};

const card = (messageId: string): TaskCard => ({
  messageId,
  kindLabel: 'Table booking',
  slots: [{ name: 'party_size', label: 'Party size', value: '2', corrected: false }],
  open: true,
});

describe('task slice', () => {
  it('starts with no task dialogue', () => {
    const s = createGroveStore().getState();
    expect(s.activeTask).toBeNull();
    expect(s.taskCards).toEqual({});
    expect(s.taskChecks).toEqual({});
  });

  it('holds the open task and its confirmation; a new turn closes every earlier card', () => {
    const store = createGroveStore();
    store.getState().setActiveTask({ sessionId: 's1', state, cardId: null });
    store.getState().putTaskCard(card('m1'));
    store.getState().setActiveTask({ sessionId: 's1', state, cardId: 'm1' });
    expect(store.getState().activeTask).toEqual({ sessionId: 's1', state, cardId: 'm1' });
    expect(store.getState().taskCards['m1']?.open).toBe(true);

    store.getState().closeTaskCards();
    store.getState().putTaskCard(card('m2'));
    expect(store.getState().taskCards['m1']?.open).toBe(false);
    expect(store.getState().taskCards['m2']?.open).toBe(true);
    store.getState().setActiveTask(null);
    expect(store.getState().activeTask).toBeNull();
  });

  it('keeps each reply check by message id', () => {
    const store = createGroveStore();
    const check: TaskReplyCheck = {
      source: 'template',
      reason: 'stopped',
      slots: [],
      summary: 's',
    };
    store.getState().recordTaskCheck('m1', check);
    store.getState().recordTaskCheck('m2', { ...check, source: 'model', summary: 't' });
    expect(store.getState().taskChecks['m1']).toEqual(check);
    expect(store.getState().taskChecks['m2']?.source).toBe('model');
  });
});
