import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import { cosine, norm } from '../vector.ts';
import { HashEmbedder, fnv1a } from './hash-embedder.ts';

describe('HashEmbedder', () => {
  const embedder = new HashEmbedder();

  it('is deterministic and L2-normalised', async () => {
    const [a, b] = await embedder.embed(['The user loves hiking.', 'The user loves hiking.']);
    const [c] = await new HashEmbedder().embed(['The user loves hiking.']);
    expect(a).toHaveLength(256);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(Array.from(a!)).toEqual(Array.from(c!));
    expect(norm(a!)).toBeCloseTo(1, 5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });

  it('puts texts sharing content words clearly closer than unrelated ones', () => {
    const anchor = embedder.embedOne('The user loves hiking in the mountains.');
    const related = embedder.embedOne('The user went hiking in the Alps mountains last summer.');
    const variant = embedder.embedOne('The user is a keen hiker.');
    const unrelated = embedder.embedOne('The user owns a grey cat named Tom.');
    const rel = cosine(anchor, related);
    const unr = cosine(anchor, unrelated);
    expect(rel).toBeGreaterThan(0.4);
    expect(Math.abs(unr)).toBeLessThan(0.25);
    expect(rel - unr).toBeGreaterThan(0.3);
    expect(cosine(embedder.embedOne('hiking'), variant)).toBeGreaterThan(
      cosine(embedder.embedOne('hiking'), unrelated),
    );
    expect(cosine(embedder.embedOne('hikes'), embedder.embedOne('hiking'))).toBeGreaterThan(0.8);
  });

  it('maps wordless text to one fixed unit vector and honours dimension and abort', async () => {
    const [empty, punct] = await embedder.embed(['', '  ?! ']);
    expect(Array.from(empty!)).toEqual(Array.from(punct!));
    expect(norm(empty!)).toBeCloseTo(1, 5);
    expect(norm(embedder.embedOne('the and of'))).toBeCloseTo(1, 5);
    const small = new HashEmbedder({ dimension: 16 });
    expect(small.id).toBe('hash-16');
    expect(small.embedOne('tea')).toHaveLength(16);
    expect(() => new HashEmbedder({ dimension: 1 })).toThrow(RangeError);
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['x'], controller.signal)).rejects.toBeInstanceOf(AbortError);
  });
});
