import { describe, expect, it } from 'vitest';
import { LayeredMap } from '../engine/layered-map.ts';
import { createRng } from '../engine/rng.ts';
import { asFactId, asSessionId, asTurnId, type Fact, type FactId } from '../engine/types.ts';
import { lifetimeViews } from './fact-lifetime-view.ts';

const fact = (i: number): Fact => ({
  id: asFactId(`f${i}`),
  text: `fact ${i}`,
  category: 'other',
  sources: [{ sessionId: asSessionId(`s${i}`), turnIds: [asTurnId('t')] }],
});

describe('lifetime views of a facts map made from the last one', () => {
  it('tell which facts replaced another as a count over every fact does, through replacements and undos', () => {
    const rng = createRng(3);
    let facts: ReadonlyMap<FactId, Fact> = new Map(
      Array.from({ length: 300 }, (_, i) => [asFactId(`f${i}`), fact(i)] as const),
    );
    for (let round = 0; round < 30; round++) {
      const edit = LayeredMap.edit(facts);
      for (let k = 0; k < 3; k++) {
        const id = asFactId(`f${Math.floor(rng.next() * 40)}`);
        const by = asFactId(`f${Math.floor(rng.next() * 40)}`);
        const old = edit.get(id);
        if (!old || id === by) continue;
        if (old.supersededBy === undefined) edit.set(id, { ...old, supersededBy: by });
        else {
          const { supersededBy: _gone, ...undone } = old;
          edit.set(id, undone);
        }
      }
      facts = edit.freeze();
      const view = lifetimeViews(facts);
      const replacing = new Set([...facts.values()].flatMap((f) => f.supersededBy ?? []));
      for (const f of facts.values()) {
        if (f.supersededBy !== undefined) continue;
        // A fact no other replaced and that replaced none has no lineage; one that replaced
        // another has (the chain holds at least the two of them).
        expect(view(f, () => null).lineage !== undefined).toBe(replacing.has(f.id));
      }
    }
  });
});
