/** Test helper: a table-booking chat session that answers every slot the chat asks for. */
import { asSessionId, asTurnId, type Session } from '../engine/types.ts';
import { taskKind } from '../engine/task-memory/task-catalogue.ts';

const BOOK = taskKind('book-table');

/** The slot questions in order, answered, ending in the confirmation and a yes. */
export function bookingSession(
  id: string,
  restaurant: string,
  people: string,
  time = '7 pm',
): Session {
  const texts: [string, string][] = [
    ['user', 'Please book a table for dinner.'],
    ['assistant', BOOK.slots[0]!.question],
    ['user', restaurant],
    ['assistant', BOOK.slots[1]!.question],
    ['user', people],
    ['assistant', BOOK.slots[2]!.question],
    ['user', time],
    ['assistant', `Just to confirm: a table for ${people} at ${restaurant} at ${time}?`],
    ['user', 'Yes'],
  ];
  return {
    id: asSessionId(id),
    time: '2024-05-01T19:00:00Z',
    turns: texts.map(([speaker, text], i) => ({
      id: asTurnId(`${id}:${i}`),
      speaker: speaker as 'user' | 'assistant',
      text,
    })),
  };
}
