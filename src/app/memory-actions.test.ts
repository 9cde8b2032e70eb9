import { describe, expect, it, vi } from 'vitest';
import type { MemoryClient } from '../memory-backend/memory-client.ts';
import { createGroveStore } from '../state/store.ts';
import { createMemoryActions } from './memory-actions.ts';

describe('memory actions: export', () => {
  it("waits for this tab's pending chat saves before the worker reads the database", async () => {
    const events: string[] = [];
    const memory = {
      exportProfile: vi.fn(async () => {
        events.push('export');
        return '{}';
      }),
    } as unknown as MemoryClient;
    let saved = () => {};
    const pending = new Promise<void>((resolve) => (saved = resolve));
    const actions = createMemoryActions(createGroveStore(), memory, {
      storage: undefined,
      beforeExport: () => pending.then(() => void events.push('saves written')),
    });
    const exported = actions.exportProfile();
    await Promise.resolve();
    await Promise.resolve();
    expect(memory.exportProfile).not.toHaveBeenCalled();
    saved();
    expect(await exported).toBe('{}');
    expect(events).toEqual(['saves written', 'export']);
  });

  it('says so when the saves could not be waited for, and exports nothing', async () => {
    const store = createGroveStore();
    const memory = { exportProfile: vi.fn(async () => '{}') } as unknown as MemoryClient;
    const actions = createMemoryActions(store, memory, {
      storage: undefined,
      beforeExport: () => Promise.reject(new Error('the disk is full')),
    });
    expect(await actions.exportProfile()).toBeUndefined();
    expect(store.getState().memoryError).toBe('Export failed: the disk is full');
    expect(memory.exportProfile).not.toHaveBeenCalled();
  });
});

describe('memory actions: the tree a page holds', () => {
  const whole = { nodes: new Map(), levels: [[]], facts: new Map() };
  const partial = { ...whole, partial: { facts: 6000, levelSizes: [6000, 1000] } };
  const client = () => {
    const outline = vi.fn(async (scope?: 'drawn' | 'all') => (scope === 'all' ? whole : partial));
    const memory = {
      outline,
      listFacts: vi.fn(async () => []),
      counts: vi.fn(async () => ({})),
      health: vi.fn(async () => ({})),
    } as unknown as MemoryClient;
    return { memory, outline };
  };

  it('reads what the page draws first, and the whole tree once a view asks for it', async () => {
    const store = createGroveStore();
    const { memory, outline } = client();
    const actions = createMemoryActions(store, memory, { storage: undefined });
    await actions.refresh();
    expect(outline).toHaveBeenLastCalledWith('drawn');
    expect(store.getState().tree).toBe(partial);
    await Promise.all([actions.loadWholeTree(), actions.loadWholeTree()]);
    expect(outline).toHaveBeenCalledTimes(2); // asked twice, read once
    expect(store.getState().tree).toBe(whole);
    // Once asked, a refresh (after an insert) brings the whole tree again.
    await actions.refresh();
    expect(outline).toHaveBeenLastCalledWith('all');
    await actions.loadWholeTree();
    expect(outline).toHaveBeenCalledTimes(3);
  });
});

describe('memory actions: the alert', () => {
  const memoryWith = (markReplaced: () => Promise<void>) =>
    ({
      markReplaced: vi.fn(markReplaced),
      outline: vi.fn(async () => ({ nodes: new Map(), levels: [[]], facts: new Map() })),
      listFacts: vi.fn(async () => []),
      counts: vi.fn(async () => ({})),
      health: vi.fn(async () => ({})),
    }) as unknown as MemoryClient;

  it('keeps a refused change on screen when an unrelated refresh succeeds after it', async () => {
    const store = createGroveStore();
    const actions = createMemoryActions(
      store,
      memoryWith(() => Promise.reject(new Error('undo that first'))),
      { storage: undefined },
    );
    expect(await actions.markReplaced('a', 'b')).toBe(false);
    await actions.refresh();
    expect(store.getState().memoryError).toBe(
      'Marking the memory as replaced failed: undo that first',
    );
  });

  it('clears the message once the same action succeeds', async () => {
    const store = createGroveStore();
    let refuse = true;
    const actions = createMemoryActions(
      store,
      memoryWith(() => (refuse ? Promise.reject(new Error('undo that first')) : Promise.resolve())),
      { storage: undefined },
    );
    await actions.markReplaced('a', 'b');
    refuse = false;
    expect(await actions.markReplaced('a', 'b')).toBe(true);
    expect(store.getState().memoryError).toBeNull();
  });
});

describe('memory actions: a refresh after a change that left the tree as it was', () => {
  it('reads the counts only, not the outline or the facts', async () => {
    const store = createGroveStore();
    const memory = {
      outline: vi.fn(async () => ({ nodes: new Map(), levels: [[]], facts: new Map() })),
      listFacts: vi.fn(async () => []),
      counts: vi.fn(async () => ({ pending: ['s9'] })),
      health: vi.fn(async () => ({})),
    } as unknown as MemoryClient;
    const actions = createMemoryActions(store, memory, { storage: undefined });
    await actions.refresh({ tree: false });
    expect(memory.counts).toHaveBeenCalledTimes(1);
    expect(store.getState().inspection).toEqual({ pending: ['s9'] });
    expect(memory.outline).not.toHaveBeenCalled();
    expect(memory.listFacts).not.toHaveBeenCalled();
    await actions.refresh();
    expect(memory.outline).toHaveBeenCalledTimes(1);
    expect(memory.listFacts).toHaveBeenCalledTimes(1);
  });
});
