import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import type { ChatMessage } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import { ScriptedLlm } from './scripted-llm.ts';

const ask = (purpose: string, content: string, structured = false) => {
  const llm = new ScriptedLlm();
  const request = {
    messages: [{ role: 'user', content }] as ChatMessage[],
    maxTokens: 100,
    purpose,
  };
  return structured ? llm.completeStructured({ ...request, schema: {} }) : llm.complete(request);
};
const askJson = async (purpose: string, content: string): Promise<unknown> =>
  JSON.parse((await ask(purpose, content, true)).text);

describe('ScriptedLlm rules', () => {
  it('extract-facts: one third-person fact per first-person user sentence, with its turn id', async () => {
    const session = [
      '[t1] user: Hi! I love hiking. Can you help me?',
      '[t2] assistant: I love helping.',
      '[t3] user: My sister lives in Oslo. The weather is nice.',
      '[t4] user: I will visit her next month.',
    ].join('\n');
    expect(
      await askJson('extract-facts', `Extract.\n${section('SESSION', session)}\nReply as JSON.`),
    ).toEqual({
      facts: [
        { text: 'The user loves hiking.', category: 'preference', turns: ['t1'] },
        { text: "The user's sister lives in Oslo.", category: 'circumstance', turns: ['t3'] },
        { text: 'The user will visit her next month.', category: 'plan', turns: ['t4'] },
      ],
    });
  });

  it('summarise: one sentence naming the key words of every item', async () => {
    const items = [
      'The user loves hiking.',
      'The user hikes near Oslo every weekend.',
      '[n3] The user owns a dog named Rex.',
    ];
    const summary = (await ask('summarise', `Summarise.\n\n${section('ITEMS', items.join('\n'))}`))
      .text;
    expect(summary).toBe('About hiking, loves, near, oslo, owns, dog, named.');
  });

  it('summarise-session: the first user statements in the third person', async () => {
    const session = '[a] user: I love tea. I have a cat. I work at night. I swim.';
    expect((await ask('summarise-session', section('SESSION', session))).text).toBe(
      'The user loves tea. The user has a cat. The user works at night.',
    );
  });

  it('judge-node: relevant on shared content words, ignoring a trailing instruction', async () => {
    const prompt = (memory: string) =>
      section('QUESTION', 'Any ideas for a hiking trip this weekend?') +
      section('MEMORY', memory) +
      'Could this memory possibly affect the answer to the question? Reply as {"relevant": true|false, "reason": "<a few words>"}.';
    expect(await askJson('judge-node', prompt('About hiking, oslo, dog.'))).toEqual({
      relevant: true,
      reason: 'Shares hik with the question.',
    });
    expect(await askJson('judge-node', prompt('The user drinks green tea.'))).toEqual({
      relevant: false,
      reason: 'No content word in common with the question.',
    });
  });

  it('judge-children: keeps the candidate ids sharing content words', async () => {
    const prompt =
      section('QUESTION', 'What should I cook for my vegan sister?') +
      section(
        'CANDIDATES',
        [
          '[1] The user is learning to cook Thai food.',
          '[2] The user plays chess.',
          '[3] The sister is vegan.',
        ].join('\n'),
      ) +
      'Which candidates could possibly affect the answer? Reply as {"keep": ["<id>", ...], "reason": "<a few words>"}.';
    expect(await askJson('judge-children', prompt)).toEqual({
      keep: ['1', '3'],
      reason: 'Shared words: 1: cook; 3: sister, vegan.',
    });
  });

  it('answer: the memory line with the most overlap, or "I don\'t know."', async () => {
    const memory = ['- The user lives in Oslo.', '- The user has a dog named Rex in Oslo.'].join(
      '\n',
    );
    const prompt = (q: string) => `${section('QUESTION', q)}${section('MEMORY', memory)}`;
    expect((await ask('answer', prompt('What is my dog called, here in Oslo?'))).text).toBe(
      'The user has a dog named Rex in Oslo.',
    );
    expect((await ask('answer', prompt('What is my favourite colour?'))).text).toBe(
      "I don't know.",
    );
  });

  it('fails clearly on an unknown purpose or a missing section', async () => {
    await expect(ask('translate', 'x')).rejects.toThrow(/no rule for purpose "translate"/);
    await expect(ask('judge-node', section('QUESTION', 'q'))).rejects.toThrow(
      /"### MEMORY" section/,
    );
    const llm = new ScriptedLlm();
    await expect(llm.complete({ messages: [], maxTokens: 1 })).rejects.toThrow(
      /needs request.purpose/,
    );
  });
});

describe('ScriptedLlm scripting', () => {
  it('serves queued responses and errors first, logs calls and counts tokens', async () => {
    const llm = new ScriptedLlm({ responses: { summarise: ['first'] } });
    llm.enqueue('summarise', new Error('boom')).enqueue('*', 'any');
    const request = {
      messages: [{ role: 'user' as const, content: section('ITEMS', 'The user swims.') }],
      maxTokens: 9,
    };
    const first = await llm.complete({ ...request, purpose: 'summarise' });
    expect(first).toEqual({
      text: 'first',
      promptTokens: llm.countTokens(request.messages[0]!.content),
      completionTokens: llm.countTokens('first'),
    });
    await expect(llm.complete({ ...request, purpose: 'summarise' })).rejects.toThrow('boom');
    expect((await llm.complete({ ...request, purpose: 'summarise' })).text).toBe('any');
    expect((await llm.complete({ ...request, purpose: 'summarise' })).text).toBe('About swims.');
    expect(llm.pending()).toBe(0);
    expect(llm.calls.map((c) => [c.purpose, c.response, c.error])).toEqual([
      ['summarise', 'first', undefined],
      ['summarise', '', 'boom'],
      ['summarise', 'any', undefined],
      ['summarise', 'About swims.', undefined],
    ]);
    expect(llm.callsFor('summarise')).toHaveLength(4);
  });

  it('accepts extra rules and honours abort', async () => {
    const llm = new ScriptedLlm({ rules: { 'judge-answer': () => 'yes' } });
    expect((await llm.complete({ messages: [], maxTokens: 1, purpose: 'judge-answer' })).text).toBe(
      'yes',
    );
    const controller = new AbortController();
    controller.abort();
    await expect(
      llm.complete({
        messages: [],
        maxTokens: 1,
        purpose: 'judge-answer',
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(llm.calls).toHaveLength(1);
  });

  it('does not treat Object prototype names as rules', async () => {
    await expect(
      new ScriptedLlm().complete({ messages: [], maxTokens: 1, purpose: 'constructor' }),
    ).rejects.toThrow(/no rule/);
  });
});
