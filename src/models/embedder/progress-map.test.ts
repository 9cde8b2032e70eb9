import { describe, expect, it } from 'vitest';
import type { Progress } from '../../engine/progress.ts';
import { createLoadProgressMapper } from './progress-map.ts';

describe('transformers.js load progress → Progress', () => {
  it('emits one task: initiate, monotone progress from the aggregate, done at 100 on ready', () => {
    const out: Progress[] = [];
    const map = createLoadProgressMapper('load embedder', (p) => out.push(p));
    map({ status: 'initiate', file: 'config.json' });
    map({ status: 'progress_total', progress: 40, loaded: 40, total: 100 });
    map({ status: 'progress', file: 'tokenizer.json', progress: 5, loaded: 5, total: 100 });
    map({ status: 'progress_total', progress: 30, loaded: 30, total: 100 }); // never backwards
    map({ status: 'progress_total', progress: 100, loaded: 100, total: 100 });
    map({ status: 'done', file: 'config.json' });
    map({ status: 'ready' });
    map({ status: 'progress_total', progress: 100 }); // after done: ignored
    expect(out.map((p) => [p.status, 'progress' in p ? p.progress : undefined])).toEqual([
      ['initiate', undefined],
      ['progress', 40],
      ['progress', 40],
      ['progress', 99.9],
      ['done', 100],
    ]);
    expect(out.every((p) => p.task === 'load embedder')).toBe(true);
  });

  it('works without a callback', () => {
    expect(() => createLoadProgressMapper('t', undefined)({ status: 'ready' })).not.toThrow();
  });
});
