/**
 * The fact-extraction prompt (after LongMemEval's user-fact extraction, which TaciTree follows).
 * The session goes in a `### SESSION` section, one turn per line: `[turnId] speaker: text`.
 * The scripted test LLM reads that section back; keep the two in step.
 */
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../llm-purposes.ts';
import type { ChatMessage } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import { FACT_CATEGORIES } from '../types.ts';
import type { Session, Turn } from '../types.ts';

export const EXTRACT_FACTS_PURPOSE = LLM_PURPOSES.extractFacts;

/** Assistant turns are context only: long replies are clipped to keep the prompt small. */
export const DEFAULT_MAX_ASSISTANT_CHARS = 600;

export const EXTRACTION_SYSTEM_PROMPT = `You extract long-term memory about a user from one chat session between the user and an assistant.

List every fact about the user that could matter in a future conversation:
- preference: likes, dislikes, tastes, habits, values.
- circumstance: health, family, pets, work, studies, home, possessions, finances, constraints.
- plan: intentions, goals, upcoming events and trips.
- event: things that happened to the user or that the user did.
- other: any other lasting fact about the user.

Rules:
- Write each fact as one self-contained sentence in the third person, starting with "The user" where natural. It must make sense without the conversation: resolve pronouns and keep names, places, quantities and dates.
- Only facts the user stated or clearly implied. Never facts about the assistant, general knowledge, or the assistant's suggestions unless the user adopted them.
- Skip small talk, greetings and one-off requests that say nothing lasting about the user.
- "turns" lists the ids, shown in square brackets, of the turns the fact comes from.
- If the session holds no such fact, return {"facts": []}.

Reply with JSON only, in this shape:
{"facts": [{"text": "The user ...", "category": "${FACT_CATEGORIES.join('" | "')}", "turns": ["turn id"]}]}`;

/** One line per turn; newlines inside a turn become spaces so every line is one turn. */
export function formatTurn(turn: Turn, maxAssistantChars = DEFAULT_MAX_ASSISTANT_CHARS): string {
  let text = turn.text.replace(/\s+/g, ' ').trim();
  if (turn.speaker === 'assistant' && text.length > maxAssistantChars) {
    text = `${text.slice(0, maxAssistantChars).trimEnd()} …`;
  }
  return `[${turn.id}] ${turn.speaker}: ${text}`;
}

export function extractionMessages(
  session: Session,
  maxAssistantChars = DEFAULT_MAX_ASSISTANT_CHARS,
): ChatMessage[] {
  const lines = session.turns
    .filter((turn) => turn.text.trim() !== '')
    .map((turn) => formatTurn(turn, maxAssistantChars));
  const time = session.time ? section(PROMPT_SECTIONS.sessionTime, session.time) : '';
  return [
    { role: 'system', content: EXTRACTION_SYSTEM_PROMPT },
    {
      role: 'user',
      content: `${time}${section(PROMPT_SECTIONS.session, lines.join('\n'))}\nExtract the long-term facts about the user as JSON.`,
    },
  ];
}
