/**
 * Which of the user's own facts state each slot (the asker's lineage a question about one of
 * their attributes brings first, time-context.ts), kept per facts map. The memory worker fills
 * it for every slot in one pass over the facts, in slices, while it is idle (its warm-up after
 * an open or a remembered session); a slot asked before that pass is done reads only the facts
 * the pass has not reached. Without it the first question on an attribute read all 30,000 of a
 * heavy user's facts for that attribute (25–40 ms).
 */
import type { Fact, FactId } from '../types.ts';
import { mayStateSlot, speakerOf } from './fact-readings.ts';
import { SLOTS, slotMentions } from './slots.ts';

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

/** Reads every fact of `facts` for every slot ahead of the questions, `pause` between slices. */
export function fillSlotIndex(
  facts: ReadonlyMap<FactId, Fact>,
  pause: () => Promise<void>,
): Promise<void> {
  return indexOf(facts).fill(pause);
}
