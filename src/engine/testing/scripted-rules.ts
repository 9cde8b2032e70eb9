/**
 * The rules behind ScriptedLlm, one per purpose. Each reads the engine prompt's labelled
 * sections back (see LLM_PURPOSES / PROMPT_SECTIONS in ../llm-purposes.ts) and answers
 * deterministically from word overlap. Missing sections are a clear error, not a guess.
 */
import { splitSentences } from '../facts/sentences.ts';
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../llm-purposes.ts';
import { readSection } from '../prompt-sections.ts';
import type { FactCategory } from '../types.ts';
import { contentWords, keywordSet, sharedKeywords, stem } from './keywords.ts';
import { discourseDecideRule, discourseTopicRule, summariseRoundRule } from './discourse-rules.ts';
import { TASK_RULES } from './task-rules.ts';
import { supersedeRule } from './supersede-rule.ts';
import { isFirstPerson, toThirdPerson } from './third-person.ts';

export type ScriptedRule = (prompt: string) => string;

export class ScriptedPromptError extends Error {
  override readonly name = 'ScriptedPromptError';
}

function requireSection(prompt: string, name: string, purpose: string): string {
  const body = readSection(prompt, name);
  if (body === undefined) {
    throw new ScriptedPromptError(
      `ScriptedLlm: a "${purpose}" prompt must contain a "### ${name}" section (use section('${name}', ...)).`,
    );
  }
  return body;
}

function lines(body: string): string[] {
  return body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** An output-format instruction ("Reply as {...}", "Answer with ..."), not input. */
const INSTRUCTION =
  /^(?:reply|respond|answer|output|return)\b|\b(?:reply|respond|answer) (?:as|with|only)\b.*[{[]/i;

/**
 * A section's lines, without instruction lines trailing it: a section runs until the next
 * `### ` header, so text a prompt appends after its last section would otherwise read as input.
 */
function sectionLines(prompt: string, name: string, purpose: string): string[] {
  const out = lines(requireSection(prompt, name, purpose));
  while (out.length > 0 && INSTRUCTION.test(out[out.length - 1] as string)) out.pop();
  return out;
}

/** `[id] rest` → { id, rest }; other lines → undefined. */
function bracketed(line: string): { id: string; rest: string } | undefined {
  const m = /^\[([^\]]+)\]\s*(.*)$/.exec(line);
  return m ? { id: (m[1] as string).trim(), rest: (m[2] as string).trim() } : undefined;
}

const PREFERENCE =
  /\b(?:love|loves|like|likes|enjoy|enjoys|prefer|prefers|hate|hates|favou?rite|fan of|into)\b/i;
const PLAN =
  /\b(?:plan|plans|planning|going to|gonna|will|want to|hope to|next|tomorrow|soon|upcoming)\b|'ll\b/i;
const EVENT =
  /\b(?:yesterday|last|ago|went|got|bought|visited|moved|started|finished|was|were)\b|\w{3,}ed\b/i;

export function guessCategory(sentence: string): FactCategory {
  if (PREFERENCE.test(sentence)) return 'preference';
  if (PLAN.test(sentence)) return 'plan';
  if (EVENT.test(sentence)) return 'event';
  return 'circumstance';
}

/** A section's input as one text (trailing instruction lines removed). */
function sectionText(prompt: string, name: string, purpose: string): string {
  return sectionLines(prompt, name, purpose).join('\n');
}

/** First-person sentences of the SESSION's user turns, with their turn ids (questions skipped). */
function userStatements(prompt: string, purpose: string): { turnId: string; sentence: string }[] {
  const out: { turnId: string; sentence: string }[] = [];
  for (const line of sectionLines(prompt, PROMPT_SECTIONS.session, purpose)) {
    const turn = bracketed(line);
    const text = turn && /^user:\s*(.*)$/i.exec(turn.rest)?.[1];
    if (!turn || !text) continue;
    for (const sentence of splitSentences(text)) {
      if (!sentence.endsWith('?') && isFirstPerson(sentence))
        out.push({ turnId: turn.id, sentence });
    }
  }
  return out;
}

/** 'extract-facts': one fact per first-person user sentence (questions skipped), third person. */
export const extractFactsRule: ScriptedRule = (prompt) => {
  const facts = userStatements(prompt, LLM_PURPOSES.extractFacts).map(({ turnId, sentence }) => ({
    text: toThirdPerson(sentence),
    category: guessCategory(sentence),
    turns: [turnId],
  }));
  return JSON.stringify({ facts });
};

const SESSION_SUMMARY_SENTENCES = 3;

/** 'summarise-session': the first few user statements, in the third person. */
export const summariseSessionRule: ScriptedRule = (prompt) => {
  const sentences = userStatements(prompt, LLM_PURPOSES.summariseSession)
    .slice(0, SESSION_SUMMARY_SENTENCES)
    .map(({ sentence }) => toThirdPerson(sentence));
  return sentences.length === 0 ? 'The user chatted with the assistant.' : sentences.join(' ');
};

/** Each item's first distinct content words, so every member stays findable by keyword. */
const WORDS_PER_ITEM = 3;
const MAX_SUMMARY_WORDS = 24;

/**
 * 'summarise': "About hiking, oslo, dog." Each item contributes its first few content words;
 * words are merged by stem (first surface form shown) and ranked by how many items share them.
 */
export const summariseRule: ScriptedRule = (prompt) => {
  const items = sectionLines(prompt, PROMPT_SECTIONS.items, LLM_PURPOSES.summarise).map(
    (l) => bracketed(l)?.rest ?? l,
  );
  const surface = new Map<string, string>();
  const count = new Map<string, number>();
  const wanted = new Set<string>();
  for (const item of items) {
    const stems = new Set<string>();
    for (const word of contentWords(item)) {
      const s = stem(word);
      if (!surface.has(s)) surface.set(s, word);
      if (stems.size < WORDS_PER_ITEM) wanted.add(s);
      stems.add(s);
    }
    for (const s of stems) count.set(s, (count.get(s) ?? 0) + 1);
  }
  const words = [...count.entries()]
    .filter(([s]) => wanted.has(s))
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SUMMARY_WORDS)
    .map(([s]) => surface.get(s) ?? s);
  return words.length === 0 ? 'About miscellaneous details.' : `About ${words.join(', ')}.`;
};

function overlapReason(shared: readonly string[]): string {
  return shared.length === 0
    ? 'No content word in common with the question.'
    : `Shares ${shared.join(', ')} with the question.`;
}

/** 'judge-node': relevant when MEMORY shares a content word with QUESTION. */
export const judgeNodeRule: ScriptedRule = (prompt) => {
  const question = sectionText(prompt, PROMPT_SECTIONS.question, LLM_PURPOSES.judgeNode);
  const memory = sectionText(prompt, PROMPT_SECTIONS.memory, LLM_PURPOSES.judgeNode);
  const shared = sharedKeywords(memory, question);
  return JSON.stringify({ relevant: shared.length > 0, reason: overlapReason(shared) });
};

/** 'judge-children': keeps the CANDIDATES (`[id] text` lines) sharing a content word with QUESTION. */
export const judgeChildrenRule: ScriptedRule = (prompt) => {
  const question = sectionText(prompt, PROMPT_SECTIONS.question, LLM_PURPOSES.judgeChildren);
  const keep: string[] = [];
  const reasons: string[] = [];
  for (const line of sectionLines(prompt, PROMPT_SECTIONS.candidates, LLM_PURPOSES.judgeChildren)) {
    const candidate = bracketed(line);
    if (!candidate) continue;
    const shared = sharedKeywords(candidate.rest, question);
    if (shared.length > 0) {
      keep.push(candidate.id);
      reasons.push(`${candidate.id}: ${shared.join(', ')}`);
    }
  }
  const reason =
    keep.length === 0
      ? 'No candidate shares a content word with the question.'
      : `Shared words: ${reasons.join('; ')}.`;
  return JSON.stringify({ keep, reason });
};

/** 'answer': the MEMORY line sharing the most content words with QUESTION, or "I don't know." */
export const answerRule: ScriptedRule = (prompt) => {
  const question = keywordSet(sectionText(prompt, PROMPT_SECTIONS.question, LLM_PURPOSES.answer));
  const memory =
    readSection(prompt, PROMPT_SECTIONS.memory) === undefined
      ? []
      : sectionLines(prompt, PROMPT_SECTIONS.memory, LLM_PURPOSES.answer);
  let best: string | undefined;
  let bestScore = 0;
  for (const line of memory) {
    // "- [2024-05 → now] text": the list mark and the dates are not the memory's words.
    const text = line.replace(/^(?:[-*•]\s+|\d+[.)]\s+)?(?:\[[^\]]+\]\s*)?/, '');
    let score = 0;
    for (const k of keywordSet(text)) if (question.has(k)) score++;
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  return best ?? "I don't know.";
};

export const DEFAULT_RULES: Readonly<Record<string, ScriptedRule>> = {
  [LLM_PURPOSES.discourseTopic]: discourseTopicRule,
  [LLM_PURPOSES.discourseDecide]: discourseDecideRule,
  [LLM_PURPOSES.summariseRound]: summariseRoundRule,
  [LLM_PURPOSES.extractFacts]: extractFactsRule,
  [LLM_PURPOSES.summarise]: summariseRule,
  [LLM_PURPOSES.summariseSession]: summariseSessionRule,
  [LLM_PURPOSES.judgeNode]: judgeNodeRule,
  [LLM_PURPOSES.judgeChildren]: judgeChildrenRule,
  [LLM_PURPOSES.answer]: answerRule,
  [LLM_PURPOSES.supersede]: (prompt) => supersedeRule(prompt),
  ...TASK_RULES,
};
