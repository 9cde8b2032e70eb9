import { describe, expect, it } from 'vitest';
import { LlmCallError } from '../errors.ts';
import { ScriptedLlm } from '../testing/index.ts';
import { session } from './fixtures.test-support.ts';
import { respondPrompt } from './prompts.ts';
import { respond } from './respond.ts';

const turns = session('p/S9', [['user', "Can you play 'Black Widow' again?"]]).turns;

describe('task response', () => {
  it('puts the context, the task slots and the core answers in their sections', () => {
    const [system, user] = respondPrompt(
      turns,
      { song_name: 'Black Widow', playback_device: undefined },
      ['Bedroom speaker'],
    );
    expect(system?.content).toMatch(/confirmation response/);
    expect(user?.content).toContain("### CONTEXT\nuser: Can you play 'Black Widow' again?");
    expect(user?.content).toContain('### TASK\nsong_name: Black Widow\nplayback_device: ?');
    expect(user?.content).toContain('### MEMORY\nBedroom speaker');
  });

  it('confirms with the remembered slots (scripted model)', async () => {
    const llm = new ScriptedLlm();
    const text = await respond(turns, { song_name: 'Black Widow' }, ['Bedroom speaker'], { llm });
    expect(text).toBe('Just to confirm: song name Black Widow; Bedroom speaker.');
    expect(llm.callsFor('task-respond')[0]?.structured).toBe(false);
  });

  it('wraps a failing model call in an actionable error', async () => {
    const llm = new ScriptedLlm({ responses: { 'task-respond': [new Error('out of memory')] } });
    await expect(respond(turns, {}, [], { llm })).rejects.toThrow(LlmCallError);
  });
});
