import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHOICE,
  LocalStorageSettings,
  MODEL_CHOICE_KEY,
  MemorySettings,
  ModelChoiceStore,
  parseModelBaseUrl,
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

describe('model base URL setting (web-llm and transformers.js)', () => {
  it('accepts http(s) URLs and same-origin paths, normalised to end in "/"', () => {
    expect(parseModelBaseUrl('https://models.lan/grove')).toBe('https://models.lan/grove/');
    expect(parseModelBaseUrl(' http://10.0.0.5:8080/m/ ')).toBe('http://10.0.0.5:8080/m/');
    expect(parseModelBaseUrl('/self-hosted')).toBe('/self-hosted/');
    expect(parseModelBaseUrl('')).toBeNull();
    expect(parseModelBaseUrl('   ')).toBeNull();
    expect(parseModelBaseUrl(null)).toBeNull();
  });

  it('rejects other schemes, bare words and scheme-relative hosts with an actionable error', () => {
    for (const bad of ['ftp://host/m/', 'javascript:alert(1)', 'models', '//evil.example/m/']) {
      expect(() => parseModelBaseUrl(bad)).toThrow(
        expect.objectContaining({
          name: 'ModelBaseUrlError',
          message: expect.stringMatching(/http|path on this site/),
        }),
      );
    }
  });

  it('persists a normalised path across store instances', () => {
    const settings = new MemorySettings();
    new ModelChoiceStore(settings).update({ modelBaseUrl: '/air-gapped/models' });
    expect(new ModelChoiceStore(settings).load().modelBaseUrl).toBe('/air-gapped/models/');
    new ModelChoiceStore(settings).update({ modelBaseUrl: '' });
    expect(new ModelChoiceStore(settings).load().modelBaseUrl).toBeNull();
  });

  it('refuses to save an invalid base URL and keeps the previous one', () => {
    const store = new ModelChoiceStore(new MemorySettings());
    store.update({ modelBaseUrl: 'https://models.lan/' });
    expect(() => store.update({ modelBaseUrl: 'file:///home/me/models' })).toThrow(
      expect.objectContaining({ name: 'ModelBaseUrlError' }),
    );
    expect(store.load().modelBaseUrl).toBe('https://models.lan/');
  });

  it('reads a stored invalid base URL as none, keeping the other fields', () => {
    const settings = new MemorySettings();
    settings.write(
      MODEL_CHOICE_KEY,
      JSON.stringify({ ...DEFAULT_CHOICE, cacheBackend: 'opfs', modelBaseUrl: 'ftp://x/' }),
    );
    expect(new ModelChoiceStore(settings).load()).toEqual({
      ...DEFAULT_CHOICE,
      cacheBackend: 'opfs',
      modelBaseUrl: null,
    });
    settings.write(MODEL_CHOICE_KEY, JSON.stringify({ ...DEFAULT_CHOICE, modelBaseUrl: '/m' }));
    expect(new ModelChoiceStore(settings).load().modelBaseUrl).toBe('/m/');
  });
});
