/**
 * Which of the user's own facts state each slot (the asker's lineage a question about one of
 * their attributes brings first, time-context.ts), kept per facts map. The memory worker fills
 * it for every slot in one pass over the facts, in slices, while it is idle (its warm-up after
 * an open or a remembered session); a slot asked before that pass is done reads only the facts
 * the pass has not reached. Without it the first question on an attribute read all 30,000 of a
 * heavy user's facts for that attribute (25–40 ms).
 *
 * A filled index is also kept with the tree's image (`SlotIndexImage`, storage/tree-image.ts),
 * so a memory opened from its image knows every slot's facts before its first question (a full
 * pass over 30,000 facts takes a quarter of a second).
 */
import { fnv1a } from '../fingerprint.ts';
import type { Fact, FactId } from '../types.ts';
import { mayStateSlot, speakerOf } from './fact-readings.ts';
import { SLOTS, slotMentions } from './slots.ts';

/**
 * Raise when what makes a fact state a slot changes in code (slotMentions, speakerOf) rather than
 * in SLOTS' patterns, which `SLOT_RULES` reads itself: an index kept under other rules is not used.
 */
const SLOT_READING_VERSION = 1;

/** The rules a kept index was filled under: the reading code's version and every slot's patterns. */
export const SLOT_RULES = `${SLOT_READING_VERSION}:${fnv1a(
  JSON.stringify(SLOTS, (_, v: unknown) => (v instanceof RegExp ? v.toString() : v)),
)}`;

/** A filled index as kept beside a tree: each slot's facts, under the rules that read them. */
export interface SlotIndexImage {
  readonly rules: string;
  readonly slots: Readonly<Record<string, readonly string[]>>;
}

/** Whether `fact` is the user's own and states `slot` (for them, not for someone else). */
function states(fact: Fact, slot: string): boolean {
  return (
    speakerOf(fact) === '' &&
    mayStateSlot(fact, slot) &&
    slotMentions(fact.text).some((m) => m.slot === slot && !m.other)
  );
}

/** Facts read between two calls of `pause` while filling. */
const FILL_SLICE = 50;

class SlotIndex {
  private readonly facts: readonly Fact[];
  /** Facts before this position are in `filled`. */
  private at = 0;
  private readonly filled = new Map<string, FactId[]>(SLOTS.map((d) => [d.slot, []]));
  private readonly answered = new Map<string, readonly FactId[]>();
  private filling: Promise<void> | undefined;

  constructor(facts: ReadonlyMap<FactId, Fact>) {
    this.facts = [...facts.values()];
  }

  /** Takes `slots` as the filled index (every slot's facts, in the facts' order). */
  seed(slots: ReadonlyMap<string, FactId[]>): void {
    for (const [slot, ids] of slots) this.filled.set(slot, ids);
    this.at = this.facts.length;
  }

  /** Every slot's facts, filled first if the pass is not done (`pause` between slices). */
  async image(pause: () => Promise<void>): Promise<SlotIndexImage> {
    await this.fill(pause);
    return { rules: SLOT_RULES, slots: Object.fromEntries(this.filled) };
  }

  /** The user's own facts stating `slot`, in the facts map's order. */
  stating(slot: string): readonly FactId[] {
    const known = this.answered.get(slot);
    if (known) return known;
    if (this.at >= this.facts.length) return this.filled.get(slot) ?? [];
    const out = [...(this.filled.get(slot) ?? [])];
    for (let i = this.at; i < this.facts.length; i++) {
      const fact = this.facts[i] as Fact;
      if (states(fact, slot)) out.push(fact.id);
    }
    this.answered.set(slot, out);
    return out;
  }

  /** Reads every fact for every slot, `pause` called between slices. */
  fill(pause: () => Promise<void>): Promise<void> {
    this.filling ??= (async () => {
      while (this.at < this.facts.length) {
        const fact = this.facts[this.at] as Fact;
        if (speakerOf(fact) === '') {
          for (const [slot, ids] of this.filled) if (states(fact, slot)) ids.push(fact.id);
        }
        this.at++;
        if (this.at % FILL_SLICE === 0) await pause();
      }
    })();
    return this.filling;
  }
}

const indexes = new WeakMap<ReadonlyMap<FactId, Fact>, SlotIndex>();

function indexOf(facts: ReadonlyMap<FactId, Fact>): SlotIndex {
  let index = indexes.get(facts);
  if (!index) indexes.set(facts, (index = new SlotIndex(facts)));
  return index;
}

/** The user's own (unprefixed) facts stating `slot`, in the facts map's order. */
export function factsStating(facts: ReadonlyMap<FactId, Fact>, slot: string): readonly FactId[] {
  return indexOf(facts).stating(slot);
}

/**
 * The filled index of `facts` as kept beside them (filled first if it is not, `pause` between
 * slices).
 */
export async function slotIndexImage(
  facts: ReadonlyMap<FactId, Fact>,
  pause: () => Promise<void> = async () => undefined,
): Promise<SlotIndexImage> {
  return indexOf(facts).image(pause);
}

/**
 * Takes a kept index as `facts`' index, unless it was read under other rules or names a fact
 * `facts` does not hold: then the index is filled by reading, as without one. Returns whether
 * it was taken. Each slot's facts are put in `facts`' order.
 */
export function seedSlotIndex(facts: ReadonlyMap<FactId, Fact>, image: SlotIndexImage): boolean {
  if (image.rules !== SLOT_RULES || indexes.has(facts)) return false;
  const known = new Set(SLOTS.map((d) => d.slot));
  const slotsOf = new Map<string, Set<string>>();
  for (const [slot, ids] of Object.entries(image.slots)) {
    if (!known.has(slot) || !Array.isArray(ids)) return false;
    for (const id of ids) {
      if (typeof id !== 'string' || !facts.has(id as FactId)) return false;
      let of = slotsOf.get(id);
      if (!of) slotsOf.set(id, (of = new Set()));
      of.add(slot);
    }
  }
  const lists = new Map<string, FactId[]>(SLOTS.map((d) => [d.slot, []]));
  for (const id of facts.keys()) {
    for (const slot of slotsOf.get(id) ?? []) lists.get(slot)?.push(id);
  }
  const index = new SlotIndex(facts);
  index.seed(lists);
  indexes.set(facts, index);
  return true;
}

/** Reads every fact of `facts` for every slot ahead of the questions, `pause` between slices. */
export function fillSlotIndex(
  facts: ReadonlyMap<FactId, Fact>,
  pause: () => Promise<void>,
): Promise<void> {
  return indexOf(facts).fill(pause);
}
