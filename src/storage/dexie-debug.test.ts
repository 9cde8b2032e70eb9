/**
 * Dexie turns its debug mode (an async stack recorded for every table call and promise) on by
 * itself when the page is on localhost, where `npm start` serves Grove; Grove's database module
 * turns it off for every page and worker that opens the database.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("Dexie's debug mode", () => {
  it('is on for a localhost page until Grove opens its database module, then off', async () => {
    vi.stubGlobal('location', { href: 'http://localhost:5173/' });
    vi.resetModules();
    const { Dexie } = await import('dexie');
    expect(Dexie.debug).toBe(true);
    await import('./db.ts');
    expect(Dexie.debug).toBe(false);
  });
});
