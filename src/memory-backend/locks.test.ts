import { describe, expect, it } from 'vitest';
import { asProfileId } from '../engine/types.ts';
import { freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { testEngine } from './test-engine.test-support.ts';
import { defaultLocks, localLocks, type LockManagerLike } from './locks.ts';
import { MemoryHost } from './memory-host.ts';
import { createProfile } from '../storage/profiles.ts';
import { isQuotaError } from '../storage/quota.ts';
import { requestPersistence, storageHealth } from '../storage/health.ts';

describe('locks', () => {
  it('falls back to an in-process queue without Web Locks (Node)', () => {
    expect(defaultLocks()).toBe(localLocks);
  });

  it('the fallback runs callers of one name one at a time, in order, despite failures', async () => {
    const log: string[] = [];
    const step = (name: string, fail = false) =>
      localLocks.request('x', { mode: 'exclusive' }, async () => {
        log.push(`${name}:start`);
        await Promise.resolve();
        await Promise.resolve();
        log.push(`${name}:end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([step('a'), step('b', true), step('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });

  it('two hosts on one profile (two tabs) serialise their ingestions through the lock', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'p', name: 'P' });
    const names: string[] = [];
    const recording: LockManagerLike = {
      request: (name, options, callback) => {
        names.push(name);
        return localLocks.request(name, options, callback);
      },
    };
    const tab1 = new MemoryHost(db, asProfileId('p'), testEngine(), { locks: recording });
    const tab2 = new MemoryHost(db, asProfileId('p'), testEngine(), { locks: recording });
    const results = await Promise.all([
      tab1.ingest({ session: sampleSession(1) }),
      tab2.ingest({ session: sampleSession(2) }),
      tab1.ingest({ session: sampleSession(3) }),
    ]);
    expect(results.every((r) => r.status === 'ingested')).toBe(true);
    expect(new Set(names)).toEqual(new Set([`grove:${db.name}:p:memory`]));
    expect((await tab2.store.counts()).sessions).toBe(3);
  });
});

describe('storage health', () => {
  it('reports persistence, usage and quota from navigator.storage', async () => {
    const storage = {
      persist: () => Promise.resolve(true),
      persisted: () => Promise.resolve(true),
      estimate: () => Promise.resolve({ usage: 250, quota: 1000 }),
    };
    expect(await requestPersistence(storage)).toBe(true);
    expect(await storageHealth(storage)).toEqual({
      persisted: true,
      usageBytes: 250,
      quotaBytes: 1000,
      usedFraction: 0.25,
    });
    expect(await storageHealth(undefined)).toEqual({
      persisted: null,
      usageBytes: null,
      quotaBytes: null,
      usedFraction: null,
    });
  });

  it('recognises quota errors however they are wrapped', () => {
    const dom = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(dom)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: dom })).toBe(true);
    expect(isQuotaError(new Error('other', { cause: new Error('x') }))).toBe(false);
  });
});
