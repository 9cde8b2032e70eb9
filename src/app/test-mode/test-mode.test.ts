import { describe, expect, it } from 'vitest';
import { parseTestMode, testModeLabel } from './test-mode.ts';

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
      db: 'x',
      stageDelayMs: 50,
    });
    expect(parseTestMode('?test=scripted&delay=oops')).toMatchObject({ stageDelayMs: 0 });
  });

  it('labels what stands in for the models', () => {
    expect(testModeLabel('bundled GloVe', [])).toBe(
      'Test mode: scripted LLM (not a real model) · embedder: bundled GloVe',
    );
    expect(testModeLabel(null, ['no bundled embedder.'])).toContain('no bundled embedder.');
  });
});
