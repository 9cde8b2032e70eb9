import { describe, expect, it } from 'vitest';
import { LlmCallError } from '../errors.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import { catalogueFixture } from '../task-memory/fixtures.test-support.ts';
import { findIntent } from '../task-memory/sgd-schema.ts';
import { ScriptedLlm } from '../testing/index.ts';
import { asTurnId, type Turn } from '../types.ts';
import {
  goalOf,
  msTodDialogue,
  saidInContext,
  type MsTodDialogueInput,
  type MsTodDialogueSettings,
} from './ms-tod-dialogue-eval.ts';

const songSlots = findIntent(catalogueFixture(), 'PlayMedia')?.slots ?? [];
const turn = (i: number, speaker: Turn['speaker'], text: string): Turn => ({
  id: asTurnId(`p/S3:${i}`),
  speaker,
  text,
});
const goal = { song_name: 'Black Widow', playback_device: 'Bedroom speaker' };

function input(
  settings: Partial<MsTodDialogueSettings> & { llm?: ScriptedLlm } = {},
  memory: readonly string[] = ['Black Widow', 'Play it on the bedroom speaker.'],
  context: readonly Turn[] = [turn(1, 'user', 'Play that song again please.')],
): MsTodDialogueInput {
  return {
    sessionId: 'p/S3',
    context,
    goal,
    slots: songSlots,
    memory,
    settings: { llm: settings.llm ?? new ScriptedLlm(), ...settings },
  };
}

describe('MS-TOD dialogue inputs', () => {
  it('reads the gold slots as text and leaves empty or structured values out', () => {
    expect(goalOf({ a: ' Drive ', b: 4, c: true, d: '', e: { x: 1 }, f: null })).toEqual({
      a: 'Drive',
      b: '4',
      c: 'true',
    });
  });

  it('fills categorical values the context says, as whole words, the last one said winning', () => {
    const names = ['song_name', 'playback_device'];
    expect(
      saidInContext(names, songSlots, 'user: on the TV. user: no, the kitchen speaker'),
    ).toEqual({ playback_device: 'Kitchen speaker' });
    expect(saidInContext(names, songSlots, 'user: play it on TVs')).toEqual({});
    expect(saidInContext(names, [], 'user: the bedroom speaker')).toEqual({});
  });
});

describe('MS-TOD confirmation dialogue', () => {
  it('states the remembered slots in the confirmation response, and needs no turn then', async () => {
    const row = await msTodDialogue(input());
    expect(row.with_memory).toMatchObject({ slot_accuracy: 1, turns: 0, complete: true });
    expect(row.with_memory.slots).toEqual({ song_name: 'ok', playback_device: 'ok' });
    expect(row.no_memory.slot_accuracy).toBe(0);
    expect(row.no_memory).toMatchObject({ turns: 1, complete: true });
    expect(row.no_memory.dialogue.map((t) => t.speaker)).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
    expect(row.no_memory.dialogue[1]?.text).toBe(
      'The song name is Black Widow. The playback device is Bedroom speaker.',
    );
    // Two responses with memory; three without (first, one loop turn): all through the LLM.
    expect(row.llm_calls).toBe(3);
    expect(row.llm_tokens).toBeGreaterThan(0);
  });

  it('gives MEMORY to the memory-on side only, and never the gold values in TASK', async () => {
    const llm = new ScriptedLlm();
    await msTodDialogue(input({ llm }));
    const [first, second] = llm.callsFor(LLM_PURPOSES.taskRespond).map((c) => c.prompt);
    expect(first).toContain('### MEMORY\nBlack Widow\nPlay it on the bedroom speaker.');
    expect(first).toContain('### TASK\nsong_name: ?\nplayback_device: ?');
    expect(second).toContain('### MEMORY\n(none)');
    expect(second).not.toContain('Black Widow');
  });

  it('takes a categorical value said in the context as known on both sides', async () => {
    const context = [turn(1, 'user', 'Play that song on the bedroom speaker.')];
    const row = await msTodDialogue(input({}, [], context));
    expect(row.no_memory.slots).toEqual({ song_name: 'missing', playback_device: 'ok' });
    expect(row.no_memory.slot_accuracy).toBe(0.5);
  });

  it('counts one turn per slot when the user answers one slot per turn, and stops at the cap', async () => {
    const slow = await msTodDialogue(input({ userSlotsPerTurn: 1 }, []));
    expect(slow.no_memory).toMatchObject({ turns: 2, complete: true });
    const capped = await msTodDialogue(input({ userSlotsPerTurn: 1, maxTurns: 1 }, []));
    expect(capped.no_memory).toMatchObject({ turns: 1, complete: false });
    const none = await msTodDialogue(input({ maxTurns: 0 }, []));
    expect(none.no_memory).toMatchObject({ turns: 0, complete: false });
  });

  it('scores a malformed response as stating nothing and lets the loop ask again', async () => {
    const llm = new ScriptedLlm({ responses: { [LLM_PURPOSES.taskRespond]: ['{"reply": [', ''] } });
    const row = await msTodDialogue(input({ llm }));
    expect(row.with_memory).toMatchObject({ response: '{"reply": [', slot_accuracy: 0 });
    expect(row.with_memory).toMatchObject({ turns: 2, complete: true });
  });

  it('with the LLM checker, an unusable check reply counts the slots as missing up to the cap', async () => {
    const llm = new ScriptedLlm({
      responses: { [LLM_PURPOSES.taskCheck]: Array(30).fill('nope') },
    });
    const row = await msTodDialogue(input({ llm, slotCheck: 'llm', maxTurns: 2 }));
    expect(row.with_memory).toMatchObject({ slot_accuracy: 0, turns: 2, complete: false });
    const fine = await msTodDialogue(input({ slotCheck: 'llm' }));
    expect(fine.with_memory).toMatchObject({ slot_accuracy: 1, turns: 0, complete: true });
  });

  it('fails loudly when the model cannot be called', async () => {
    const llm = new ScriptedLlm({ responses: { [LLM_PURPOSES.taskRespond]: [new Error('down')] } });
    await expect(msTodDialogue(input({ llm }))).rejects.toBeInstanceOf(LlmCallError);
  });
});
