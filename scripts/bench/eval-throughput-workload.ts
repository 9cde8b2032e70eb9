/**
 * The eval-throughput bench's workload: a miniature IMPLEXCONV, generated (no benchmark file
 * needed, none copied). Each example is one person's `sessions` sessions in the hub's row shape
 * (`{conversation: {"0": text, ...}, question, answer, retrieved_conv}`), two first-person
 * statements per session (so the scripted extraction finds two facts a session, all distinct),
 * and one question about one session. Deterministic: the same sizes give the same file.
 */

const PLACES = (
  'Lisbon Oslo Kyoto Quito Dakar Hanoi Perth Cusco Tunis Malmo Porto Riga Sapporo Tbilisi ' +
  'Bergen Hobart Lima Ghent Split Cork Leeds Turku Graz Bilbao'
).split(' ');
const HOBBIES = (
  'pottery sailing chess baking camping painting tennis poetry karate cycling fishing knitting ' +
  'surfing climbing photography salsa yoga astronomy beekeeping woodwork archery skating rowing origami'
).split(' ');
const THINGS = (
  'kayak telescope violin sourdough starter bonsai tandem bicycle chessboard easel loom ' +
  'greenhouse drone typewriter accordion hammock aquarium harp microscope lathe kiln canoe ' +
  'projector trampoline sextant'
).split(' ');
const PEOPLE = (
  'Ana Ben Chloe Dmitri Esme Farid Greta Hugo Ines Jonas Kaia Luca Mira Nils Omar Priya ' +
  'Quinn Rosa Sami Tove Uma Viktor Wren Yara'
).split(' ');

const pick = (list: readonly string[], i: number) => list[i % list.length] as string;

function sessionText(example: number, session: number): string {
  const n = example * 31 + session * 7;
  const hobby = pick(HOBBIES, n);
  const place = pick(PLACES, n + example);
  const thing = pick(THINGS, n + 3 * session);
  const friend = pick(PEOPLE, n + 5 * example + session);
  return [
    `Speaker1: I started ${hobby} lessons in ${place} with my friend ${friend}. I bought a ${thing} for session ${session + 1} of example ${example + 1}.`,
    `Assistant: That sounds like a lovely plan for ${place}. How is the ${thing} working out?`,
    `Speaker1: Great, thanks for asking about ${hobby}!`,
  ].join('\n');
}

export interface WorkloadSize {
  readonly examples: number;
  readonly sessions: number;
}

/** The workload as IMPLEXCONV hub rows, one JSON object per line. */
export function evalThroughputWorkload(size: WorkloadSize): string {
  const lines: string[] = [];
  for (let e = 0; e < size.examples; e++) {
    const conversation: Record<string, string> = {};
    for (let s = 0; s < size.sessions; s++) conversation[String(s)] = sessionText(e, s);
    const gold = (e * 5) % size.sessions;
    const n = e * 31 + gold * 7;
    lines.push(
      JSON.stringify({
        id: `bench-${e}`,
        conversation,
        question: `Where did the user start ${pick(HOBBIES, n)} lessons?`,
        answer: pick(PLACES, n + e),
        retrieved_conv: [gold],
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}
