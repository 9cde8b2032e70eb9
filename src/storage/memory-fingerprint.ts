/**
 * A profile's memory in a few cheap reads: the tree's head row (its version, revision and
 * stamp change with every committed tree write), the number of sessions and of sessions waiting
 * to be remembered, and the profile's settings. Read inside a liveQuery, it changes whenever
 * any tab changes that memory, without loading the tree on the page.
 */
import type { GroveDb } from './db.ts';

export interface MemoryFingerprint {
  /** The tree's head: changes with every committed tree write. */
  readonly tree: string;
  /** Everything else: sessions, sessions waiting to be remembered, settings. */
  readonly rest: string;
}

export async function memoryFingerprint(
  db: GroveDb,
  profileId: string,
): Promise<MemoryFingerprint> {
  const [head, sessions, pending, settings] = await Promise.all([
    db.treeHeads.get(profileId),
    db.sessions.where('profileId').equals(profileId).count(),
    db.pending.where('profileId').equals(profileId).count(),
    db.settings.where('profileId').equals(profileId).toArray(),
  ]);
  return {
    tree: JSON.stringify(head ? [head.version, head.revision ?? null, head.stamp ?? null] : null),
    rest: JSON.stringify([sessions, pending, settings.map((s) => [s.key, s.value])]),
  };
}
