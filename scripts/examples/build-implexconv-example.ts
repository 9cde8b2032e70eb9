/**
 * Writes public/examples/grove-implexconv-example.json: Grove's built-in example in IMPLEXCONV's
 * JSON-array shape ({conversation: [session text], qa: [{question, answer, retrieved_conv}]}),
 * written for this project. The session order is a seeded shuffle (same output every run) with
 * every persona-trait session placed before, and never right before, its scenario sessions.
 *
 *   npx tsx scripts/examples/build-implexconv-example.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import type { ExampleSession } from './example-types.ts';
import { QUESTIONS } from './questions.ts';
import { SESSIONS_A } from './sessions-persona-a.ts';
import { SESSIONS_B } from './sessions-persona-b.ts';
import { SESSIONS_NOISE } from './sessions-noise.ts';

const OUT = fileURLToPath(
  new URL('../../public/examples/grove-implexconv-example.json', import.meta.url),
);
const SEED = 20_260_522;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Traits and half the other sessions first, scenarios later: a trait always precedes its case. */
export function orderSessions(all: readonly ExampleSession[], seed = SEED): ExampleSession[] {
  const random = mulberry32(seed);
  const traits = all.filter((s) => s.role === 'trait');
  const scenarios = all.filter((s) => s.role === 'supportive' || s.role === 'opposed');
  const rest = shuffle(
    all.filter((s) => s.role === 'distractor' || s.role === 'noise'),
    random,
  );
  const half = Math.ceil(rest.length / 2);
  const early = shuffle([...traits, ...rest.slice(0, half)], random);
  const late = shuffle([...scenarios, ...rest.slice(half)], random);
  // Never a scenario right after the trait it answers (the paper's temporal rule).
  const order = [...early, ...late];
  for (let i = 1; i < order.length; i++) {
    const prev = order[i - 1] as ExampleSession;
    const cur = order[i] as ExampleSession;
    if (
      prev.role === 'trait' &&
      cur.role !== 'trait' &&
      cur.role !== 'noise' &&
      cur.case === prev.case
    ) {
      const swap = order.findIndex((s, j) => j > i && s.role === 'noise');
      if (swap > 0) [order[i], order[swap]] = [order[swap] as ExampleSession, cur];
    }
  }
  return order;
}

export function sessionText(session: ExampleSession): string {
  return session.exchanges
    .map(([user, assistant]) => `Speaker1: ${user}\nAssistant: ${assistant}`)
    .join('\n');
}

export function buildExample() {
  const sessions = orderSessions([...SESSIONS_A, ...SESSIONS_B, ...SESSIONS_NOISE]);
  const index = new Map(sessions.map((s, i) => [s.id, i]));
  const qa = QUESTIONS.map((q) => ({
    question: q.question,
    answer: q.answer,
    retrieved_conv: q.evidence.map((id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`Question "${q.question}" cites unknown session ${id}`);
      return i;
    }),
    reasoning_type: q.reasoning,
    ...(q.reasoning === 'opposed' ? { opposed_reasoning: q.scenario } : {}),
    persona_trait: q.trait,
    implicit_scenario: q.scenario,
  }));
  return [
    {
      title: `Grove built-in example: one user, ${sessions.length} sessions, supportive and opposed cases`,
      source: 'Written for Grove (not taken from IMPLEXCONV); same shape as its JSON files.',
      conversation: sessions.map(sessionText),
      qa,
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const example = buildExample();
  writeFileSync(OUT, await format(JSON.stringify(example), { parser: 'json' }));
  console.log(
    `wrote ${OUT}: ${example[0]?.conversation.length} sessions, ${example[0]?.qa.length} questions`,
  );
}
