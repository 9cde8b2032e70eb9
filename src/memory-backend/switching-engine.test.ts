import { describe, expect, it } from 'vitest';
import { switchingEngine } from './switching-engine.ts';
import { testEngine } from './test-engine.test-support.ts';

describe('switchingEngine', () => {
  it('switches engines per call', () => {
    let on = false;
    const plain = testEngine();
    const smart = testEngine();
    const engine = switchingEngine(plain, smart, () => on);
    expect(engine.embedder).toBe(plain.embedder);
    on = true;
    expect(engine.embedder).toBe(smart.embedder);
  });
});
