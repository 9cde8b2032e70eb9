/**
 * What an ingestion asks of every remembered fact each time (who said it, whether its words could
 * state a slot), worked out once per fact and slot and kept as long as the fact is: a heavy
 * user's 30,000 facts are not read again on every insert. Facts are immutable values: a changed
 * fact is a new object, read afresh.
 */
import { speakerPrefix } from '../facts/sentence-kind.ts';
import type { Fact } from '../types.ts';
import { mayState, SLOTS } from './slots.ts';

interface FactReading {
  readonly speaker: string;
  /** Bit i: slot i of SLOTS has been tested. */
  tested: number;
  /** Bit i: the fact's words may state slot i (`mayState`). */
  statable: number;
}

const BIT = new Map(SLOTS.map((d, i) => [d.slot, 1 << i]));
const readings = new WeakMap<Fact, FactReading>();

function readingOf(fact: Fact): FactReading {
  let reading = readings.get(fact);
  if (!reading) {
    reading = { speaker: speakerPrefix(fact.text), tested: 0, statable: 0 };
    readings.set(fact, reading);
  }
  return reading;
}

/** Who said the fact (its speaker prefix; '' for the user's own words). */
export function speakerOf(fact: Fact): string {
  return readingOf(fact).speaker;
}

/** Whether the fact's words may state `slot` (tested once per fact and slot). */
export function mayStateSlot(fact: Fact, slot: string): boolean {
  return statable(readingOf(fact), fact, slot);
}

function statable(reading: FactReading, fact: Fact, slot: string): boolean {
  const bit = BIT.get(slot);
  if (bit === undefined) return false;
  if ((reading.tested & bit) === 0) {
    reading.tested |= bit;
    if (mayState(slot, fact.text)) reading.statable |= bit;
  }
  return (reading.statable & bit) !== 0;
}

/** Whether the fact's words may state any of `slots`. */
export function mayStateAny(fact: Fact, slots: Iterable<string>): boolean {
  const reading = readingOf(fact);
  for (const slot of slots) if (statable(reading, fact, slot)) return true;
  return false;
}

/** Facts read between two calls of `pause` (which may yield: memory-backend/background-slices.ts). */
const PREPARE_SLICE = 50;

/**
 * Reads every fact for every slot ahead of the first insert (a fresh worker's idle work), in
 * slices with `pause` between them.
 */
export async function prepareFactReadings(
  facts: Iterable<Fact>,
  pause: () => Promise<void> = async () => undefined,
): Promise<void> {
  let n = 0;
  for (const fact of facts) {
    const reading = readingOf(fact);
    for (const { slot } of SLOTS) statable(reading, fact, slot);
    if (++n % PREPARE_SLICE === 0) await pause();
  }
}
