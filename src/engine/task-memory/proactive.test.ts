import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import {
  askAbout,
  createLlmSlotChecker,
  createStringSlotChecker,
  pendingSlots,
  runProactiveLoop,
  type ProactiveTurn,
  type SlotCheck,
} from './proactive.ts';

const goal = { song_name: 'Black Widow', playback_device: 'bedroom speaker' };
const check = createStringSlotChecker({
  playback_device: ['TV', 'kitchen speaker', 'bedroom speaker'],
});

/** A simulated user who states the value of every pending slot. */
const user = (_response: string, pending: readonly SlotCheck[]) =>
  Promise.resolve(
    pending
      .map((p) => `The ${p.name.replace(/_/g, ' ')} is ${goal[p.name as keyof typeof goal]}.`)
      .join(' '),
  );

/** An assistant that confirms whatever the user said so far. */
const assistant = (dialogue: readonly ProactiveTurn[]) =>
  Promise.resolve(
    `Just to confirm: ${dialogue
      .filter((t) => t.speaker === 'user')
      .map((t) => t.text)
      .join(' ')} And Black Widow.`,
  );

describe('slot checkers', () => {
  it('tells ok, missing and wrong slots apart without an LLM', async () => {
    expect(await check(goal, 'Playing Black Widow on the TV.')).toEqual([
      { name: 'song_name', status: 'ok' },
      { name: 'playback_device', status: 'wrong' },
    ]);
    expect(pendingSlots(await check(goal, 'Sure!'))).toHaveLength(2);
    expect(askAbout(pendingSlots(await check(goal, 'Sure!')))).toBe(
      'Could you tell me the song name and playback device?',
    );
    expect(askAbout([])).toBe('');
  });

  it('uses the task-check prompt, and counts a malformed reply as missing', async () => {
    const llm = new ScriptedLlm();
    const llmCheck = createLlmSlotChecker(llm);
    expect(await llmCheck(goal, 'Playing Black Widow.')).toEqual([
      { name: 'song_name', status: 'ok' },
      { name: 'playback_device', status: 'missing' },
    ]);
    const broken = createLlmSlotChecker(
      new ScriptedLlm({
        responses: { 'task-check': ['?', '{"slots": [{"name": "song_name", "status": "great"}]}'] },
      }),
      2,
    );
    expect(await broken(goal, 'Playing Black Widow on the bedroom speaker.')).toEqual([
      { name: 'song_name', status: 'missing' },
      { name: 'playback_device', status: 'missing' },
    ]);
  });
});

describe('proactive loop', () => {
  it('stops at once when the first response has every slot', async () => {
    const result = await runProactiveLoop({
      goal,
      response: 'Playing Black Widow on the bedroom speaker.',
      assistant,
      user,
      check,
    });
    expect(result).toMatchObject({ complete: true, capped: false, turns: 0, pending: [] });
  });

  it('asks about missing and wrong slots until none is left', async () => {
    const result = await runProactiveLoop({
      goal,
      response: 'Playing Black Widow on the TV.',
      assistant,
      user,
      check,
    });
    expect(result.complete).toBe(true);
    expect(result.turns).toBe(1);
    expect(result.dialogue.map((t) => t.speaker)).toEqual(['assistant', 'user', 'assistant']);
    expect(result.dialogue[1]?.text).toBe('The playback device is bedroom speaker.');
  });

  it('stops at the turn cap with the slots still pending', async () => {
    const stubborn = () => Promise.resolve('Sure thing!');
    const result = await runProactiveLoop({
      goal,
      response: 'Sure!',
      assistant: stubborn,
      user,
      check,
      maxTurns: 3,
    });
    expect(result).toMatchObject({ complete: false, capped: true, turns: 3 });
    expect(result.pending.map((p) => p.name)).toEqual(['song_name', 'playback_device']);
    expect(result.dialogue).toHaveLength(7);
    const none = await runProactiveLoop({
      goal,
      response: 'Sure!',
      assistant: stubborn,
      user,
      check,
      maxTurns: 0,
    });
    expect(none).toMatchObject({ capped: true, turns: 0 });
  });

  it('never re-opens a slot once settled', async () => {
    const replies = ['Black Widow it is.', 'On the bedroom speaker.'];
    const forgetful = () => Promise.resolve(replies.shift() ?? '');
    const result = await runProactiveLoop({
      goal,
      response: 'Sure!',
      assistant: forgetful,
      user,
      check,
    });
    expect(result).toMatchObject({ complete: true, turns: 2 });
  });

  it('runs with the scripted LLM as assistant and checker', async () => {
    const llm = new ScriptedLlm({ responses: { 'task-respond': [] } });
    const checker = createLlmSlotChecker(llm);
    const result = await runProactiveLoop({
      goal,
      response: 'Sure, playing it now.',
      assistant: (dialogue) =>
        Promise.resolve(
          `Confirming: ${dialogue
            .filter((t) => t.speaker === 'user')
            .map((t) => t.text)
            .join(' ')}`,
        ),
      user,
      check: checker,
    });
    expect(result.complete).toBe(true);
    expect(result.turns).toBe(1);
    expect(llm.callsFor('task-check')).toHaveLength(2);
  });
});
