/**
 * A heavy user's five years of chats, as facts that read like facts: 1,800 sessions (one every
 * day or so from 2021-01-01), 30,000 first-person statements drawn from templates over many
 * topics, each session about one or two topics. Seeded: the same seed gives the same sessions.
 */
import { createRng } from '../../src/engine/rng.ts';
import type { Rng } from '../../src/engine/ports.ts';
import { MONTHS, pick, TOPICS, type HeavyFact } from './heavy-user-topics.ts';

export interface HeavySession {
  readonly id: string;
  /** ISO date-time of the session. */
  readonly time: string;
  readonly topics: readonly string[];
  readonly facts: readonly HeavyFact[];
}

export interface HeavyUserOptions {
  readonly sessions?: number;
  readonly facts?: number;
  readonly seed?: number;
}

const WHEN = [
  'Last week',
  'Yesterday',
  'Recently',
  'This year',
  'Lately',
  'These days',
  'Today',
  'Since last spring',
  'For a while now',
  'At the weekend',
  'Over the holidays',
];

/** Now and then a fact says when: "In March 2023, I ran 10 km…", "Lately, my left knee…". */
function withWhen(rng: Rng, fact: HeavyFact, year: number): HeavyFact {
  if (rng.next() < 0.4) return fact;
  const when = rng.next() < 0.4 ? `In ${pick(rng, MONTHS)} ${year}` : pick(rng, WHEN);
  const rest = fact.text.startsWith('I ')
    ? fact.text
    : fact.text[0]!.toLowerCase() + fact.text.slice(1);
  return { ...fact, text: `${when}, ${rest}` };
}

export const TOPIC_NAMES = Object.keys(TOPICS);

/** The facts of a heavy user: `sessions` sessions holding `facts` facts in all, spread evenly. */
export function heavyUserSessions(options: HeavyUserOptions = {}): HeavySession[] {
  const sessions = options.sessions ?? 1800;
  const total = options.facts ?? 30_000;
  const rng = createRng(options.seed ?? 15);
  const start = Date.UTC(2021, 0, 1, 19, 0, 0);
  const days = 5 * 365.25;
  const base = Math.floor(total / sessions);
  const extra = total - base * sessions;
  const out: HeavySession[] = [];
  for (let s = 0; s < sessions; s++) {
    const count = base + (s < extra ? 1 : 0);
    const first = pick(rng, TOPIC_NAMES);
    const topics = rng.next() < 0.5 ? [first] : [first, pick(rng, TOPIC_NAMES)];
    const time = new Date(start + Math.floor((s * days) / sessions) * 86_400_000);
    const year = time.getUTCFullYear();
    const facts: HeavyFact[] = [];
    for (let f = 0; f < count; f++) {
      // Mostly the session's topics, now and then an aside.
      const topic = rng.next() < 0.85 ? pick(rng, topics) : pick(rng, TOPIC_NAMES);
      facts.push(withWhen(rng, pick(rng, TOPICS[topic] ?? [])(rng), year));
    }
    out.push({ id: `hs${String(s).padStart(4, '0')}`, time: time.toISOString(), topics, facts });
  }
  return out;
}
