import { describe, expect, it } from 'vitest';
import { stageLine } from './stage-line.ts';

describe('stage line', () => {
  it('names what a waiting reply is doing, in order', () => {
    expect(stageLine({ routing: true, searching: { step: 2, steps: 3 }, writing: false })).toBe(
      'routing topic · searching memory 2/3',
    );
    expect(stageLine({ routing: false, searching: { step: 0, steps: 0 }, writing: false })).toBe(
      'searching memory',
    );
    expect(stageLine({ routing: false, searching: false, writing: true })).toBe('writing');
    expect(stageLine({ routing: false, searching: false, writing: false })).toBe('');
  });
});
