/**
 * A test mode's localStorage: the app's keys under its database's name, so a page opened with
 * `?test=…` neither reads nor changes what the real app remembers (the active profile, the open
 * conversation, a chat kept after a failed save). The real app's configuration gets `storage`.
 */
import type { MemoryWorkerConfig } from '../../memory-backend/worker-config.ts';
import type { KeyValue } from '../chat/open-chat.ts';

export function testModeStorage(
  config: MemoryWorkerConfig,
  storage: KeyValue | undefined,
): KeyValue | undefined {
  if (!config.test || !storage) return storage;
  const key = (name: string) => `${config.db}:${name}`;
  return {
    getItem: (name) => storage.getItem(key(name)),
    setItem: (name, value) => storage.setItem(key(name), value),
    removeItem: (name) => storage.removeItem(key(name)),
  };
}
