import { describe, expect, it } from 'vitest';
import { freeProfileId, importedName } from './import-target.ts';

describe('where a re-keyed import lands', () => {
  it('names it "<name> (imported)", then "(imported 2)", … and never stacks the mark', () => {
    expect(importedName('Me', 'default', new Set(['Me']))).toBe('Me (imported)');
    expect(importedName('Me', 'default', new Set(['Me', 'Me (imported)']))).toBe('Me (imported 2)');
    expect(importedName('Me (imported 2)', 'default', new Set())).toBe('Me (imported)');
    expect(importedName('  ', 'default', new Set())).toBe('default (imported)');
  });

  it('fits the file limits without splitting a character', () => {
    const name = importedName(`${'x'.repeat(488)}😀tail`, 'p', new Set());
    expect(name).toBe(`${'x'.repeat(488)} (imported)`);
    expect(name.length).toBeLessThanOrEqual(500);
  });

  it('takes the first free suffix', async () => {
    const taken = new Set(['me-2', 'me-3', 'me-5']);
    expect(await freeProfileId('me', (id) => Promise.resolve(taken.has(id)))).toBe('me-4');
    expect((await freeProfileId('a'.repeat(200), () => Promise.resolve(false))).length).toBe(200);
  });
});
