import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHOICE,
  LocalStorageSettings,
  MODEL_CHOICE_KEY,
  MemorySettings,
  ModelChoiceStore,
} from './model-choice.ts';

/** A Storage stand-in (Node has no localStorage). */
class FakeStorage implements Storage {
  private readonly map = new Map<string, string>();
  throwOnWrite = false;
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.throwOnWrite) throw new Error('QuotaExceededError');
    this.map.set(key, value);
  }
}

describe('ModelChoiceStore', () => {
  it('starts from the defaults: auto LLM, bundled embedder, Cache API', () => {
    expect(new ModelChoiceStore(new MemorySettings()).load()).toEqual(DEFAULT_CHOICE);
  });

  it('persists the choice across store instances (localStorage)', () => {
    const storage = new FakeStorage();
    new ModelChoiceStore(new LocalStorageSettings(storage)).update({
      llm: { kind: 'webllm', family: 'llama-3.2-1b', precision: 'f32' },
      cacheBackend: 'opfs',
      modelBaseUrl: 'http://192.168.1.5:8000/models/',
    });
    const again = new ModelChoiceStore(new LocalStorageSettings(storage)).load();
    expect(again.llm).toEqual({ kind: 'webllm', family: 'llama-3.2-1b', precision: 'f32' });
    expect(again.cacheBackend).toBe('opfs');
    expect(again.modelBaseUrl).toBe('http://192.168.1.5:8000/models/');
  });

  it('falls back to defaults field by field on corrupt records', () => {
    const settings = new MemorySettings();
    const store = new ModelChoiceStore(settings);
    settings.write(MODEL_CHOICE_KEY, '{not json');
    expect(store.load()).toEqual(DEFAULT_CHOICE);
    settings.write(
      MODEL_CHOICE_KEY,
      JSON.stringify({
        llm: { kind: 'warp-drive' },
        cacheBackend: 'floppy',
        embedder: 'Xenova/gte-small',
      }),
    );
    expect(store.load()).toEqual({ ...DEFAULT_CHOICE, embedder: 'Xenova/gte-small' });
  });

  it('rejects invalid choices on save and keeps the previous one', () => {
    const store = new ModelChoiceStore(new MemorySettings());
    store.update({ llm: { kind: 'none' } });
    expect(() =>
      store.update({ llm: { kind: 'openai', baseUrl: 'not a url', model: 'm' } }),
    ).toThrow();
    expect(store.load().llm).toEqual({ kind: 'none' });
  });

  it('survives blocked storage (the choice just does not persist)', () => {
    const storage = new FakeStorage();
    storage.throwOnWrite = true;
    const store = new ModelChoiceStore(new LocalStorageSettings(storage));
    expect(() => store.update({ llm: { kind: 'none' } })).not.toThrow();
    expect(store.load()).toEqual(DEFAULT_CHOICE);
    store.reset();
  });
});
