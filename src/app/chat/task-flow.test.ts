import { describe, expect, it } from 'vitest';
import {
  classifyTask,
  readSlotValues,
  sessionTaskKind,
  taskKind,
} from '../../engine/task-memory/task-catalogue.ts';
import { asTurnId } from '../../engine/types.ts';
import { continueTask, correctTask, startTask } from './task-flow.ts';
import { rememberedSlot } from './remembered-slot.test-support.ts';

const BOOK = taskKind('book-table');
const remembered = (slot: string, value: string) => rememberedSlot(slot, value);

describe('classifyTask (keywords)', () => {
  it('recognises the task kinds and leaves chit-chat alone', () => {
    expect(classifyTask('Could you book a table for tonight?')?.id).toBe('book-table');
    expect(classifyTask('Play Drive on the bedroom speaker')?.id).toBe('play-media');
    expect(classifyTask('I need a taxi to the airport')?.id).toBe('ride');
    expect(classifyTask('I love hiking in the mountains.')).toBeNull();
    expect(classifyTask('The display was broken')).toBeNull();
    expect(classifyTask('I play the violin.')).toBeNull();
    expect(classifyTask('I ride my bike to work.')).toBeNull();
    expect(classifyTask('Please play Drive')?.id).toBe('play-media');
    expect(classifyTask('Order a pizza from Tony’s')?.id).toBe('order-food');
  });
});

describe('task flow', () => {
  it('without memory asks every slot, one per turn, then confirms and finishes', () => {
    let step = startTask(BOOK, 'Book a table for dinner', []);
    const asked: string[] = [step.reply];
    for (const answer of ['Nopa', '2']) {
      step = continueTask(step.state, answer);
      asked.push(step.reply);
    }
    expect(asked).toEqual(BOOK.slots.map((s) => s.question));
    step = continueTask(step.state, '7 pm');
    expect(step.reply).toBe('Just to confirm: a table for 2 at Nopa at 7 pm?');
    step = continueTask(step.state, 'Yes please');
    expect(step.state.phase).toBe('done');
    expect(step.reply).toBe('Done. Table booking — restaurant: Nopa; party size: 2; time: 7 pm.');
  });

  it('with memory confirms at once with the remembered slots, and what was said wins', () => {
    const step = startTask(BOOK, 'Book a table at Zuni', [
      remembered('restaurant_name', 'Nopa'),
      remembered('party_size', '2'),
      remembered('time', '7 pm'),
    ]);
    expect(step.reply).toBe('Just to confirm: a table for 2 at Zuni at 7 pm again?');
    expect(step.state.questions).toBe(0);
    expect(Object.keys(step.state.sources)).toEqual(['party_size', 'time']);
  });

  it('stops asking at the cap', () => {
    let step = startTask(BOOK, 'book a table', [], 2);
    step = continueTask(step.state, 'Nopa');
    step = continueTask(step.state, '2');
    expect(step.state.phase).toBe('gave-up');
    expect(step.reply).toContain('still miss: time');
  });

  it('a "no" drops the remembered values and asks again; a correction re-confirms', () => {
    const start = startTask(BOOK, 'book a table', [remembered('party_size', '2')]);
    expect(start.reply).toBe(BOOK.slots[0]!.question);
    const corrected = correctTask(start.state, 'party_size', '4');
    expect(corrected.state.sources.party_size?.value).toBe('4');
    const confirming = startTask(BOOK, 'book a table at Nopa for 2 at 8 pm', []);
    expect(continueTask(confirming.state, 'no').reply).toBe(BOOK.slots[0]!.question);
  });
});

describe('readSlotValues', () => {
  it('reads answers to the slot questions and the done line', () => {
    const turns = [
      ['user', 'Book a table for 3'],
      ['assistant', BOOK.slots[0]!.question],
      ['user', 'Nopa'],
      ['assistant', 'Done. Table booking — restaurant: Nopa; party size: 3; time: 8 pm.'],
    ].map(([speaker, text], i) => ({
      id: asTurnId(`t${i}`),
      speaker: speaker as 'user' | 'assistant',
      text: text!,
    }));
    expect(readSlotValues(BOOK, turns)).toEqual({
      party_size: '3',
      restaurant_name: 'Nopa',
      time: '8 pm',
    });
  });
});

describe('sessionTaskKind', () => {
  it('prefers the task the chat asked about over keywords', () => {
    const turns = [
      ['user', 'Get me to the airport'],
      ['assistant', taskKind('ride').slots[1]!.question],
    ].map(([speaker, text], i) => ({
      id: asTurnId(`t${i}`),
      speaker: speaker as 'user' | 'assistant',
      text: text!,
    }));
    expect(sessionTaskKind(turns)?.id).toBe('ride');
    expect(sessionTaskKind(turns.slice(0, 1))).toBeNull();
  });
});
