/**
 * The "cost on the device" section of docs/results.md, from `grove bench turn-cost`: calls,
 * tokens and time per chat turn for each memory search, with its retention against the paper's
 * per-node walk, then what background work costs. Pure.
 */
import { PATH_CONTEXT_TOKENS, SUMMARY_CONTEXT_TOKENS } from '../src/app/chat/discourse-context.ts';
import type { DeviceProfileName } from '../src/engine/cost/index.ts';
import {
  DEFAULT_FRONTIER_SIZE,
  FRONTIER_MAX_KEEP,
  FRONTIER_TEXT_TOKENS,
} from '../src/engine/tree/frontier-judge.ts';
import { DEFAULT_CONTEXT_BUDGET } from '../src/engine/tree/retrieve.ts';
import type { benchTurnCost, EffortCost } from './bench/turn-cost.ts';

type TurnCost = Awaited<ReturnType<typeof benchTurnCost>>;

const PROFILES: readonly DeviceProfileName[] = ['fast', 'typical', 'wasm'];
const s = (ms: number) => (ms / 1000).toFixed(1);
const pct = (x: number) => (100 * x).toFixed(1);

function judgeWork(cost: EffortCost): string {
  const judges = Object.entries(cost.calls_per_turn).filter(([p]) => p.startsWith('judge-'));
  if (judges.length === 0) return '0';
  return judges
    .map(([p, t]) => `${t.calls} ${p} (${Math.round(t.prompt_tokens + t.completion_tokens)} tok)`)
    .join(', ');
}

export function costSection(result: TurnCost, command: string): string[] {
  const rows: [string, EffortCost][] = [
    ['quick (no LLM judging)', result.efforts.quick],
    ['balanced (default: one frontier call)', result.efforts.balanced],
    ['thorough (the per-node walk, ≤ 48 calls)', result.efforts.thorough],
    ['listwise walk (≤ 48 calls)', result.comparison.listwise],
  ];
  const turn = (c: EffortCost) => {
    const calls = Object.values(c.calls_per_turn).reduce((n, t) => n + t.calls, 0);
    const tokens = Object.values(c.calls_per_turn).reduce(
      (n, t) => n + t.prompt_tokens + t.completion_tokens,
      0,
    );
    return `${calls.toFixed(1)} / ${Math.round(tokens)}`;
  };
  const lines = [
    '## Cost on the device',
    '',
    `What one chat turn costs with a model loaded (\`${command}\`): a ${result.facts}-fact memory ` +
      `(LoCoMo dev ${result.conversations.join(', ')}, extractive facts), a ${result.forest_trees}-tree topic forest, ` +
      `${result.questions} benchmark questions as chat turns through task classification, topic routing, the memory search, the reply ` +
      'prompt and the round summary. The LLM stand-in judges relevance perfectly and writes scripted text ' +
      `elsewhere (a reply is taken as ${result.assumed_completion_tokens.answer} tokens long). Time comes from ` +
      'the device profiles of src/engine/cost/device-profiles.ts (fast: an Apple M-series or discrete GPU; ' +
      'typical: an integrated laptop GPU; wasm: the CPU), each call its overhead, prefill and decode. ' +
      'Retention: of the gold sessions the per-node walk keeps with a perfect judge and no call cap, the share ' +
      'the search keeps (judged set / what the answerer gets after the 550-token cut).',
    '',
    '| memory search | judge calls per turn | all calls / tokens per turn | first token p50 / p95, fast (s) | typical (s) | wasm (s) | end of turn p95, typical (s) | retention (judged / in context) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ([name, c]) =>
        `| ${name} | ${judgeWork(c)} | ${turn(c)} | ${PROFILES.map((p) => `${s(c.ttft_ms[p].p50)} / ${s(c.ttft_ms[p].p95)}`).join(' | ')} | ${s(c.end_ms.typical.p95)} | ${pct(c.retention)}% / ${pct(c.retention_in_context)}% |`,
    ),
    '',
  ];
  const b = result.budget;
  const standard = result.efforts.balanced;
  lines.push(
    `- **Budget (balanced: first token p95 ≤ ${s(b.fastP95Ms)} s fast and ≤ ${s(b.typicalP95Ms)} s typical, retention ≥ ${pct(b.retention)}%): ${b.met ? 'met' : 'not met'}.** ` +
      `Balanced: ${s(standard.ttft_ms.fast.p95)} s fast, ${s(standard.ttft_ms.typical.p95)} s typical, ${pct(standard.retention)}% retention.`,
  );
  const perTurn = Object.entries(standard.calls_per_turn)
    .map(
      ([p, t]) =>
        `${p} ${t.calls} × ${Math.round(t.prompt_tokens / Math.max(t.calls, 1e-9))}+${Math.round(t.completion_tokens / Math.max(t.calls, 1e-9))} tok`,
    )
    .join('; ');
  lines.push(
    `- **Where a balanced turn's calls go** (calls per turn × prompt+completion tokens per call): ${perTurn}.`,
    `- **What the reply waits for, and why the budget holds beyond these questions.** Before the reply a balanced turn ` +
      `makes one call, the frontier judge: ${DEFAULT_FRONTIER_SIZE} leaf clusters, each shown by its content words (at most ${FRONTIER_TEXT_TOKENS} tokens, ` +
      `src/engine/tree/frontier-line.ts), at most ${FRONTIER_MAX_KEEP} numbers back as a bare JSON array; a message that holds a task cue word (src/engine/task-memory/task-catalogue.ts) ` +
      'makes a short task classification call first. ' +
      `The reply's prompt carries at most ${DEFAULT_CONTEXT_BUDGET} tokens of memories (each dated, as the chat sends them: the dates come on top), ` +
      `${PATH_CONTEXT_TOKENS} of the active topic path and ${SUMMARY_CONTEXT_TOKENS} of other topics' summaries. Both prompts are ` +
      "bounded by these caps, not by the memory or the conversation. The topic routing that chooses the reply's context makes no " +
      "call; the model's topic and branch decisions, which place the round in the forest, and the round summary run after the " +
      'reply (src/engine/discourse/reply-first.ts) and count in the end of the turn.',
    "- **No KV cache reuse is counted.** web-llm (0.2.86, `preparePrefillInput`) keeps its KV cache only when a request's " +
      'messages, all but the last, equal the conversation the engine holds from the request before, that reply included; ' +
      "any other request resets it. Between two of Grove's replies the same engine runs the round summary, the topic " +
      "decisions and the next frontier call, and Context-Agent selects the reply's path afresh each turn, so no reply " +
      'continues the one before and nothing is saved. The reply prompt is still ordered what-changes-least first ' +
      '(instructions, other topics, the path, then memories and the question).',
    "- **Skipping the frontier call when the walk is confident: measured, not adopted.** Keeping the hybrid's best 6 to 10 " +
      'leaf clusters without a call on the turns where its best leaf leads the next by more than 0.5 to 2 z-units (4 to 44 of ' +
      'the 100 turns) lost 0.7 to 1.4 points of retention: multi-session questions spread their evidence over more leaves ' +
      'than a confident lead shows. With retention at its floor the call is always made.',
  );
  const bg = result.background;
  const rebuilds = Object.entries(bg.rebuild)
    .map(([n, r]) => {
      const rr = r as { fast: { calls: number; ms: number }; typical: { ms: number } };
      return `${n} facts ${rr.fast.calls} calls, ${Math.round(rr.fast.ms / 60000)} min fast / ${Math.round(rr.typical.ms / 60000)} min typical`;
    })
    .join('; ');
  lines.push(
    `- **Background work** (at low priority: a reply waits for at most the call already running). Ingesting one session: ` +
      `${bg.ingest_session.fast.calls} calls (extraction ${s(bg.extraction.fast.ms)} s fast / ${s(bg.extraction.typical.ms)} s typical, ` +
      `then ${bg.insert.fast.calls} summaries of the insert ${s(bg.insert.fast.ms)} s / ${s(bg.insert.typical.ms)} s). A full rebuild: ${rebuilds}.`,
    '',
  );
  return lines;
}
