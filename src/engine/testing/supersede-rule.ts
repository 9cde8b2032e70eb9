/**
 * ScriptedLlm's 'supersede' rule: reads NEW FACT and CANDIDATES (`[F1] (since …) text` lines)
 * back and names the candidates the no-model slot rule would replace, reasoning first, as the
 * schema asks. Deterministic, so pipelines with a "model" can be tested end to end.
 */
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../llm-purposes.ts';
import { readSection } from '../prompt-sections.ts';
import { readSlots, replacedSlots } from '../lifetime/supersede-rule.ts';
import { ScriptedPromptError, type ScriptedRule } from './scripted-rules.ts';

const LINE = /^\[([^\]]+)\]\s*\([^)]*\)\s*(.*)$/;

function section(prompt: string, name: string): { label: string; text: string }[] {
  const body = readSection(prompt, name);
  if (body === undefined)
    throw new ScriptedPromptError(
      `ScriptedLlm: a "${LLM_PURPOSES.supersede}" prompt must contain a "### ${name}" section.`,
    );
  return body.split('\n').flatMap((l) => {
    const m = LINE.exec(l.trim());
    return m ? [{ label: m[1] as string, text: m[2] as string }] : [];
  });
}

export const supersedeRule: ScriptedRule = (prompt) => {
  const [next] = section(prompt, PROMPT_SECTIONS.newFact);
  if (!next) throw new ScriptedPromptError('ScriptedLlm: the NEW FACT section holds no fact line.');
  const reading = readSlots({ text: next.text });
  const replaces: string[] = [];
  const why: string[] = [];
  for (const candidate of section(prompt, PROMPT_SECTIONS.candidates)) {
    const slots = replacedSlots(reading, readSlots({ text: candidate.text }));
    if (slots.length === 0) continue;
    replaces.push(candidate.label);
    why.push(`${candidate.label} held an older ${slots.join(', ')}`);
  }
  const reasoning =
    why.length === 0 ? 'The new fact changes none of the candidates.' : `${why.join('; ')}.`;
  return JSON.stringify({ reasoning, replaces });
};
