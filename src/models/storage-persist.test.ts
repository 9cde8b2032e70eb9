import { describe, expect, it } from 'vitest';
import { persistBeforeDownload, requestPersistentStorage } from './storage-persist.ts';

describe('persistent storage request', () => {
  it('asks once when not yet persisted, and reports the answer', async () => {
    let asked = 0;
    const storage = { persisted: async () => false, persist: async () => (asked++, true) };
    expect(await requestPersistentStorage(storage)).toBe('granted');
    expect(asked).toBe(1);
    expect(
      await requestPersistentStorage({ persisted: async () => true, persist: async () => false }),
    ).toBe('already');
    expect(await requestPersistentStorage({ persist: async () => false })).toBe('denied');
    expect(await requestPersistentStorage({})).toBe('unsupported');
    expect(
      await requestPersistentStorage({
        persist: async () => {
          throw new Error('blocked');
        },
      }),
    ).toBe('denied');
  });

  it('only asks before a large download', async () => {
    let asked = 0;
    const storage = { persist: async () => (asked++, true) };
    expect(await persistBeforeDownload(1024, storage)).toBe('not-needed');
    expect(await persistBeforeDownload(600 * 1024 * 1024, storage)).toBe('granted');
    expect(asked).toBe(1);
  });
});
