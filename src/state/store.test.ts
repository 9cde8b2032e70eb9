import { describe, expect, it } from 'vitest';
import { asNodeId } from '../engine/types.ts';
import { sessionIdle, sessionTurns } from './chat-slice.ts';
import { EMPTY_MEMORIES } from './chat-types.ts';
import { advanceJob } from './ingestion-slice.ts';
import { memoryEmpty } from './memory-slice.ts';
import { profileIdFor } from './profile-slice.ts';
import { chatMode, modelLoaded } from './runtime-slice.ts';
import { createGroveStore } from './store.ts';
import { viewFromHash } from './ui-slice.ts';

describe('the Grove store', () => {
  it('starts on Chat with the default profile, memory on and a 10-minute inactivity timeout', () => {
    const s = createGroveStore().getState();
    expect(s).toMatchObject({
      view: 'chat',
      activeProfileId: 'default',
      memoryEnabled: true,
      inactivityMinutes: 10,
      messages: [],
      ingestion: [],
      runtime: null,
      testMode: null,
    });
  });

  it('streams a reply into a message and records its traversal', () => {
    const store = createGroveStore();
    const s = store.getState();
    s.addMessage({ id: 'u', role: 'user', text: 'hi', status: 'done', sessionId: 's1' }, 1);
    s.addMessage({ id: 'r', role: 'assistant', text: '', status: 'streaming', sessionId: 's1' }, 2);
    s.setMemories('r', EMPTY_MEMORIES);
    s.addTraversalEvent('r', { type: 'visit', node: asNodeId('n'), level: 0 });
    s.appendDelta('r', 'Hel');
    s.appendDelta('r', 'lo');
    s.finishMessage('r', { status: 'done' });
    const reply = store.getState().messages[1];
    expect(reply).toMatchObject({ text: 'Hello', status: 'done' });
    expect(reply?.memories?.events).toHaveLength(1);
    expect(store.getState().lastActivityAt).toBe(2);
    expect(sessionTurns(store.getState().messages, 's1')).toEqual([
      { id: 's1:0', speaker: 'user', text: 'hi' },
      { id: 's1:1', speaker: 'assistant', text: 'Hello' },
    ]);
  });

  it('opens a new session without clearing the screen; a new conversation clears it', () => {
    const store = createGroveStore();
    const first = store.getState().sessionId;
    expect(createGroveStore().getState().sessionId).not.toBe(first);
    store
      .getState()
      .addMessage({ id: 'u', role: 'user', text: 'hi', status: 'done', sessionId: first }, 5);
    store.getState().startSession('s2');
    expect(store.getState()).toMatchObject({ sessionId: 's2', lastActivityAt: null });
    expect(store.getState().messages).toHaveLength(1);
    expect(sessionTurns(store.getState().messages, 's2')).toEqual([]);
    store.getState().setMemoryEnabled(false);
    store.getState().newConversation('c2', 's3');
    expect(store.getState()).toMatchObject({
      messages: [],
      memoryEnabled: true,
      conversationId: 'c2',
    });
  });

  it('keeps the inactivity timeout sane and tells when a session is idle', () => {
    const store = createGroveStore();
    store.getState().setInactivityMinutes(0);
    expect(store.getState().inactivityMinutes).toBe(1);
    store.getState().setInactivityMinutes(Number.NaN);
    expect(store.getState().inactivityMinutes).toBe(1);
    expect(sessionIdle(null, 1e9, 10)).toBe(false);
    expect(sessionIdle(0, 9 * 60_000, 10)).toBe(false);
    expect(sessionIdle(0, 10 * 60_000, 10)).toBe(true);
  });

  it('moves ingestion jobs forward only, and a finished job stays finished', () => {
    let jobs = advanceJob([], 's1', 'queued');
    jobs = advanceJob(jobs, 's1', 'extracting');
    jobs = advanceJob(jobs, 's1', 'recorded'); // a late report never moves it back
    expect(jobs).toEqual([{ sessionId: 's1', stage: 'extracting', progress: 35 }]);
    jobs = advanceJob(jobs, 's1', 'done', { facts: 3 });
    jobs = advanceJob(jobs, 's1', 'committing');
    expect(jobs).toEqual([{ sessionId: 's1', stage: 'done', progress: 100, facts: 3 }]);
    const store = createGroveStore();
    store.getState().updateIngestion('a', 'done');
    store.getState().updateIngestion('b', 'extracting');
    store.getState().clearFinishedIngestion();
    expect(store.getState().ingestion.map((j) => j.sessionId)).toEqual(['b']);
  });

  it('derives profile ids, views, modes and the empty state', () => {
    expect(profileIdFor('Ana María', ['default'])).toBe('ana-maria');
    expect(profileIdFor('Me', ['me', 'me-2'])).toBe('me-3');
    expect(profileIdFor('!!!', [])).toBe('profile');
    expect(viewFromHash('#settings')).toBe('settings');
    expect(viewFromHash('#/memory')).toBe('memory');
    expect(viewFromHash('#nope')).toBeUndefined();
    expect(chatMode(null)).toBe('probing');
    expect(modelLoaded(null)).toBe(false);
    expect(memoryEmpty({ facts: [], inspection: null })).toBe(true);
    const store = createGroveStore();
    store.getState().setActiveProfile('bob');
    store.getState().setProfiles([{ id: 'default', name: 'Me' }]);
    expect(store.getState().profiles.map((p) => p.id)).toEqual(['default', 'bob']);
  });

  it('marks a job the stopped memory worker failed as done once the restarted one finished it', () => {
    const store = createGroveStore();
    store.getState().updateIngestion('s1', 'failed', { detail: 'The memory worker stopped.' });
    store.getState().resumedIngestion('s1', 3);
    store.getState().resumedIngestion('elsewhere', 2); // no job of this page: none is made
    expect(store.getState().ingestion).toEqual([
      { sessionId: 's1', stage: 'done', progress: 100, facts: 3 },
    ]);
  });
});
