import { describe, expect, it } from 'vitest';
import { APP_DB } from '../../memory-backend/worker-config.ts';
import { memoryWorkerConfig } from '../memory-worker.ts';
import { otherTestModeDb, parseTestMode, testModeLabel } from './test-mode.ts';
import { testModeStorage } from './test-storage.ts';

describe('test mode switch', () => {
  it('is off unless ?test=scripted is given', () => {
    expect(parseTestMode('')).toBeNull();
    expect(parseTestMode('?test=memory')).toBeNull();
    expect(parseTestMode('?test=scripted')).toEqual({
      kind: 'scripted',
      db: 'grove-test-scripted',
      stageDelayMs: 0,
    });
    expect(parseTestMode('?test=scripted&db=x&delay=50')).toMatchObject({
      db: 'grove-test-x',
      stageDelayMs: 50,
    });
    expect(parseTestMode('?test=scripted&delay=oops')).toMatchObject({ stageDelayMs: 0 });
  });

  it('never opens the app database, whatever the URL asks for', () => {
    for (const search of [
      '?test=scripted&db=grove',
      '?test=scripted&engine=page&db=grove',
      '?test=memory&db=grove',
      '?test=other&db=grove',
      '?test=&db=grove',
    ]) {
      const config = memoryWorkerConfig(parseTestMode(search), otherTestModeDb(search));
      expect(config.db).not.toBe(APP_DB);
      expect(config.db.startsWith('grove-test-')).toBe(true);
      expect(config.test).toBe(true);
    }
    expect(memoryWorkerConfig(parseTestMode(''), otherTestModeDb('')).db).toBe(APP_DB);
  });

  it("keeps a test mode's localStorage keys apart from the app's", () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    items.set('grove.activeProfile', 'me');
    const test = testModeStorage(
      memoryWorkerConfig(parseTestMode('?test=scripted&db=grove')),
      storage,
    );
    expect(test?.getItem('grove.activeProfile')).toBeNull();
    test?.setItem('grove.activeProfile', 'scripted');
    expect(items.get('grove.activeProfile')).toBe('me');
    expect(testModeStorage(memoryWorkerConfig(null), storage)).toBe(storage);
  });

  it('labels what stands in for the models', () => {
    expect(testModeLabel('bundled GloVe', [])).toBe(
      'Test mode: scripted LLM (not a real model) · embedder: bundled GloVe',
    );
    expect(testModeLabel(null, ['no bundled embedder.'])).toContain('no bundled embedder.');
  });
});
