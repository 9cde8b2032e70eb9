/**
 * A fact's lineage and the user's hand on it: the chain of values an attribute went through
 * (Boston → Denver → Seattle), undoing a supersede (both facts current again) and marking a
 * fact as replaced by hand. Plain functions over the facts map; nothing is deleted.
 */
import type { Fact, FactId } from '../types.ts';
import { compareDates } from './calendar.ts';
import { validFromOf } from './assign.ts';

export class LineageError extends Error {
  override readonly name = 'LineageError';
}

/** The facts `id` replaced, directly or through others, and the ones that replaced it, oldest first. */
export function lineageOf(facts: ReadonlyMap<FactId, Fact>, id: FactId): Fact[] {
  const start = facts.get(id);
  if (!start) return [];
  const replacedBy = new Map<FactId, Fact[]>();
  for (const fact of facts.values()) {
    if (fact.supersededBy === undefined) continue;
    const list = replacedBy.get(fact.supersededBy) ?? [];
    list.push(fact);
    replacedBy.set(fact.supersededBy, list);
  }
  const seen = new Set<FactId>([start.id]);
  const chain: Fact[] = [start];
  const back = [start];
  while (back.length > 0) {
    const fact = back.pop() as Fact;
    for (const older of replacedBy.get(fact.id) ?? []) {
      if (seen.has(older.id)) continue;
      seen.add(older.id);
      chain.push(older);
      back.push(older);
    }
  }
  let next = start.supersededBy === undefined ? undefined : facts.get(start.supersededBy);
  while (next && !seen.has(next.id)) {
    seen.add(next.id);
    chain.push(next);
    next = next.supersededBy === undefined ? undefined : facts.get(next.supersededBy);
  }
  const from = (f: Fact) => validFromOf(f) ?? '';
  return chain.sort((a, b) => compareDates(from(a), from(b)) || (a.id < b.id ? -1 : 1));
}

/** The fact made current again: its replacement stays, both hold. */
export function undoSupersede(facts: ReadonlyMap<FactId, Fact>, id: FactId): Fact {
  const fact = facts.get(id);
  if (!fact) throw new LineageError(`Fact ${id} is not in memory.`);
  if (fact.supersededBy === undefined)
    throw new LineageError('This memory is not marked as replaced.');
  const { validTo: _to, supersededBy: _by, supersededHow: _how, ...current } = fact;
  return current;
}

/** `oldId` marked as replaced by `newId` from the newer fact's start, by the user's decision. */
export function markReplaced(facts: ReadonlyMap<FactId, Fact>, oldId: FactId, newId: FactId): Fact {
  const old = facts.get(oldId);
  const by = facts.get(newId);
  if (!old || !by) throw new LineageError('Both memories must still be in memory.');
  if (oldId === newId) throw new LineageError('A memory cannot replace itself.');
  for (let f: Fact | undefined = by; f?.supersededBy !== undefined; f = facts.get(f.supersededBy)) {
    if (f.supersededBy === oldId)
      throw new LineageError('That memory is already replaced by this one: undo that first.');
  }
  const validTo = validFromOf(by);
  return {
    ...old,
    ...(validTo === undefined ? {} : { validTo }),
    supersededBy: newId,
    supersededHow: 'user',
  };
}
