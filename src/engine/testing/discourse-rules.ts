/**
 * ScriptedLlm rules for Context-Agent's purposes (see DISCOURSE_SECTIONS in ../llm-purposes.ts):
 * deterministic word-overlap answers, so discourse pipelines run in tests and in the app's test
 * mode without a model.
 */
import { splitSentences } from '../facts/sentences.ts';
import { DISCOURSE_SECTIONS } from '../llm-purposes.ts';
import { readSection } from '../prompt-sections.ts';
import { sharedKeywords } from './keywords.ts';
import { toThirdPerson } from './third-person.ts';

function sectionBody(prompt: string, name: string, purpose: string): string {
  const body = readSection(prompt, name);
  if (body === undefined) {
    throw new Error(`ScriptedLlm: a "${purpose}" prompt must contain a "### ${name}" section.`);
  }
  return body.replace(/\n?Reply with only the JSON object\.$/, '').trim();
}

/**
 * 'discourse-topic': the listed topic sharing the most content words with QUERY (the first listed
 * on a tie), or 0 (a new topic) when none shares a word.
 */
export function discourseTopicRule(prompt: string): string {
  const topics = sectionBody(prompt, DISCOURSE_SECTIONS.topics, 'discourse-topic');
  const query = sectionBody(prompt, DISCOURSE_SECTIONS.query, 'discourse-topic');
  let best = { topic: 0, shared: 0 };
  for (const line of topics.split('\n')) {
    const m = /^(\d+)\.\s*(?:\(current topic\)\s*)?(.*)$/.exec(line.trim());
    if (!m || m[1] === '0') continue;
    const shared = sharedKeywords(query, m[2] ?? '').length;
    if (shared > best.shared) best = { topic: Number(m[1]), shared };
  }
  return JSON.stringify({ topic: best.topic });
}

const FORK = /\b(?:instead|forget|back to|rather|change|changed)\b/i;
const RETURN = /\b(?:return to|resume|again|as before)\b/i;

/**
 * 'discourse-decide': CREATE_BRANCH from the best candidate when the query revises ("instead",
 * "forget", "back to"), SWITCH_BRANCH to its branch when it returns ("return to", "resume"),
 * else CONTINUE.
 */
export function discourseDecideRule(prompt: string): string {
  const query = sectionBody(prompt, DISCOURSE_SECTIONS.query, 'discourse-decide');
  const first =
    sectionBody(prompt, DISCOURSE_SECTIONS.candidates, 'discourse-decide').split('\n')[0] ?? '';
  const m = /^\[([^\]]+)\]\s*\(branch ([^,]+),/.exec(first);
  if (m && RETURN.test(query)) {
    return JSON.stringify({ action: 'SWITCH_BRANCH', target_branch_id: m[2], reason: 'returns' });
  }
  if (m && FORK.test(query)) {
    return JSON.stringify({ action: 'CREATE_BRANCH', fork_node_id: m[1], reason: 'revises' });
  }
  return JSON.stringify({ action: 'CONTINUE', reason: 'follows on' });
}

/** 'summarise-round': the user's first sentence, in the third person. */
export function summariseRoundRule(prompt: string): string {
  const user = sectionBody(prompt, DISCOURSE_SECTIONS.user, 'summarise-round');
  const first = splitSentences(user)[0] ?? user;
  return toThirdPerson(first);
}
