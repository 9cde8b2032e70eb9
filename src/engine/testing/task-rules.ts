/**
 * ScriptedLlm rules for the task-memory purposes (see LLM_PURPOSES in ../llm-purposes.ts):
 * deterministic answers read from the prompt's labelled sections by word overlap.
 */
import { LLM_PURPOSES, PROMPT_SECTIONS as S } from '../llm-purposes.ts';
import { readSection } from '../prompt-sections.ts';
import { keywordSet, sharedKeywords } from './keywords.ts';

type Rule = (prompt: string) => string;

const body = (prompt: string, name: string, purpose: string): string => {
  const text = readSection(prompt, name);
  if (text === undefined)
    throw new Error(`ScriptedLlm: a "${purpose}" prompt must contain a "### ${name}" section.`);
  return text;
};

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== '(none)' && l !== '(none known)');

/** Section lines without the instruction paragraph a prompt appends after its last section. */
const inputLines = (prompt: string, name: string, purpose: string): string[] => {
  const all = body(prompt, name, purpose).split(/\n\s*\n/)[0] ?? '';
  return lines(all);
};

/** `name: value` lines → [name, value]. */
const pairs = (ls: readonly string[]): [string, string][] =>
  ls.flatMap((l) => {
    const i = l.indexOf(':');
    return i < 0 ? [] : [[l.slice(0, i).trim(), l.slice(i + 1).trim()] as [string, string]];
  });

const userText = (ls: readonly string[]): string[] =>
  ls.flatMap((l) => {
    const m = /^(?:\[[^\]]+\]\s*)?user:\s*(.*)$/i.exec(l);
    return m?.[1] ? [m[1]] : [];
  });

/** 'task-intent': "The user intends to <first user words>". */
export const taskIntentRule: Rule = (prompt) => {
  const ls = inputLines(prompt, S.context, LLM_PURPOSES.taskIntent);
  const first = userText(ls)[0] ?? ls[0] ?? 'chat';
  return JSON.stringify({ intent: `The user intends to: ${first}` });
};

/** 'task-qa': for each slot, the first user line sharing a word with it. */
export const taskQaRule: Rule = (prompt) => {
  const said = userText(inputLines(prompt, S.session, LLM_PURPOSES.taskQa));
  const qa = pairs(inputLines(prompt, S.slots, LLM_PURPOSES.taskQa)).flatMap(([slot, question]) => {
    const answer = said.find(
      (u) => sharedKeywords(u, `${slot.replace(/_/g, ' ')} ${question}`).length > 0,
    );
    return answer ? [{ question, answer, slot }] : [];
  });
  return JSON.stringify({ qa });
};

/** 'task-missing': the slot questions none of whose slot-name words the context mentions. */
export const taskMissingRule: Rule = (prompt) => {
  const context = keywordSet(inputLines(prompt, S.context, LLM_PURPOSES.taskMissing).join(' '));
  const missing = pairs(inputLines(prompt, S.slots, LLM_PURPOSES.taskMissing))
    .filter(([slot]) => ![...keywordSet(slot.replace(/_/g, ' '))].some((w) => context.has(w)))
    .map(([, question]) => question);
  return JSON.stringify({ missing });
};

/** 'task-judge': 1 for a candidate sharing a word with a MISSING question, else 0. */
export const taskJudgeRule: Rule = (prompt) => {
  const missing = inputLines(prompt, S.missing, LLM_PURPOSES.taskJudge);
  const scores = inputLines(prompt, S.candidates, LLM_PURPOSES.taskJudge).flatMap((l) => {
    const m = /^\[([^\]]+)\]\s*(.*)$/.exec(l);
    if (!m) return [];
    const hit = missing.find((q) => sharedKeywords(m[2] ?? '', q).length > 0);
    return [{ id: m[1], score: hit ? 1 : 0, ...(hit ? { answers: hit } : {}) }];
  });
  return JSON.stringify({ scores });
};

/** 'task-respond': confirms the known TASK values and the MEMORY answers, asks for the rest. */
export const taskRespondRule: Rule = (prompt) => {
  const task = pairs(inputLines(prompt, S.task, LLM_PURPOSES.taskRespond));
  const memory = inputLines(prompt, S.memory, LLM_PURPOSES.taskRespond);
  const known = task.filter(([, v]) => v !== '?').map(([n, v]) => `${n.replace(/_/g, ' ')} ${v}`);
  const unknown = task.filter(([, v]) => v === '?').map(([n]) => n.replace(/_/g, ' '));
  const parts = [...known, ...memory];
  const confirm = parts.length === 0 ? 'Sure.' : `Just to confirm: ${parts.join('; ')}.`;
  return unknown.length === 0
    ? confirm
    : `${confirm} Could you tell me the ${unknown.join(' and ')}?`;
};

const listed = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

/**
 * 'task-respond' as a chat assistant would word it (the app's test mode uses it): confirms the
 * known TASK values in one sentence ("as last time" when MEMORY holds answers) and asks a yes/no
 * question, or acknowledges them and asks for the slots marked `?`. MEMORY answers that repeat a
 * TASK value are not said twice.
 */
export const taskChatRespondRule: Rule = (prompt) => {
  const task = pairs(inputLines(prompt, S.task, LLM_PURPOSES.taskRespond));
  const memory = inputLines(prompt, S.memory, LLM_PURPOSES.taskRespond);
  const name = (n: string) => n.replace(/_/g, ' ');
  const known = task.filter(([, v]) => v !== '?');
  const unknown = task.filter(([, v]) => v === '?').map(([n]) => name(n));
  const values = new Set(known.map(([, v]) => v.toLowerCase()));
  const extra = memory.filter((m) => !values.has(m.toLowerCase()));
  const stated = listed(known.map(([n, v]) => `the ${name(n)} is ${v}`));
  const also = extra.length === 0 ? '' : ` I also remember: ${extra.join('; ')}.`;
  if (unknown.length === 0) {
    const again = memory.length > 0 ? ', as last time' : '';
    return `Just to confirm${again}: ${stated}.${also} Shall I go ahead?`;
  }
  const ask = `Could you tell me the ${listed(unknown)}?`;
  return known.length === 0 ? `Sure.${also} ${ask}` : `Got it: ${stated}.${also} ${ask}`;
};

/** 'task-check': ok when the value is in RESPONSE (case-insensitive), else missing. */
export const taskCheckRule: Rule = (prompt) => {
  const response =
    body(prompt, S.response, LLM_PURPOSES.taskCheck)
      .split(/\n\s*\n/)[0]
      ?.toLowerCase() ?? '';
  const slots = pairs(inputLines(prompt, S.task, LLM_PURPOSES.taskCheck)).map(([name, value]) => ({
    name,
    status: value !== '?' && response.includes(value.toLowerCase()) ? 'ok' : 'missing',
  }));
  return JSON.stringify({ slots });
};

export const TASK_RULES: Readonly<Record<string, Rule>> = {
  [LLM_PURPOSES.taskIntent]: taskIntentRule,
  [LLM_PURPOSES.taskQa]: taskQaRule,
  [LLM_PURPOSES.taskMissing]: taskMissingRule,
  [LLM_PURPOSES.taskJudge]: taskJudgeRule,
  [LLM_PURPOSES.taskRespond]: taskRespondRule,
  [LLM_PURPOSES.taskCheck]: taskCheckRule,
};
