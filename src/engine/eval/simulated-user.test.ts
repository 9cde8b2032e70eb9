import { describe, expect, it } from 'vitest';
import { createSimulatedUser, statedSlot } from './simulated-user.ts';

const goal = { song_name: 'Black Widow', playback_device: 'Bedroom speaker', date: 'March 4th' };

describe('simulated user', () => {
  it('answers the pending slots, in their order, with the goal values and remembers them', async () => {
    const user = createSimulatedUser(goal);
    const reply = await user.reply('Could you tell me the date and song name?', [
      { name: 'date', status: 'missing' },
      { name: 'song_name', status: 'wrong' },
    ]);
    expect(reply).toBe(
      `${statedSlot('date', 'March 4th')} ${statedSlot('song_name', 'Black Widow')}`,
    );
    expect(reply).toBe('The date is March 4th. The song name is Black Widow.');
    expect(user.told()).toEqual({ date: 'March 4th', song_name: 'Black Widow' });
  });

  it('answers at most slotsPerTurn slots, and nothing it was not told', async () => {
    const user = createSimulatedUser(goal, { slotsPerTurn: 1 });
    const pending = [
      { name: 'unknown_slot', status: 'missing' as const },
      { name: 'playback_device', status: 'missing' as const },
      { name: 'date', status: 'missing' as const },
    ];
    expect(await user.reply('', pending)).toBe('The playback device is Bedroom speaker.');
    expect(user.told()).toEqual({ playback_device: 'Bedroom speaker' });
    expect(await createSimulatedUser(goal).reply('', [pending[0]!])).toBe('That is everything.');
  });
});
