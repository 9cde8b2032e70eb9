import { describe, expect, it } from 'vitest';
import { restartBudget } from './restart-budget.ts';

describe('restartBudget', () => {
  it('allows a few restarts a window, then none until the window has passed', () => {
    let t = 0;
    const mayRestart = restartBudget(3, 60_000, () => t);
    expect([mayRestart(), mayRestart(), mayRestart(), mayRestart()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    t = 59_999;
    expect(mayRestart()).toBe(false);
    t = 60_000;
    expect(mayRestart()).toBe(true);
  });
});
