/** Small sessions shared by the fact tests. */
import { asSessionId, asTurnId } from '../types.ts';
import type { Session, Speaker } from '../types.ts';

export function session(id: string, turns: [Speaker, string][], time?: string): Session {
  return {
    id: asSessionId(id),
    ...(time === undefined ? {} : { time }),
    turns: turns.map(([speaker, text], i) => ({ id: asTurnId(`${id}-t${i + 1}`), speaker, text })),
  };
}

export const hikingSession = session(
  's1',
  [
    ['user', 'Hi there!'],
    ['assistant', 'Hello! How can I help?'],
    ['user', 'I love hiking in the mountains. My dog Rex comes along.'],
    ['assistant', 'That sounds lovely. Where do you hike?'],
    ['user', 'Mostly near Oslo, where I live. Can you suggest a trail?'],
  ],
  '2024-05-01T10:00:00Z',
);
