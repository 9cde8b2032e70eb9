/** Test helper: a slot value the task memory recalled from an earlier booking session. */
import type { RecalledSlot } from '../../storage/task-memory-store.ts';

export const rememberedSlot = (slot: string, value: string, sessionId = 's1'): RecalledSlot => ({
  slot,
  value,
  unitId: sessionId,
  sessionId,
  qaId: `${sessionId}#${slot}`,
  question: '?',
  intent: 'Book a table',
  score: 0.9,
});
