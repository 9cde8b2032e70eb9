/** Reads a topic forest back from storage: plain JSON data, checked before the chat uses it. */
import type { DiscourseState } from '../../engine/discourse/index.ts';
import type { TopicsSnapshot } from '../../state/topics-slice.ts';

function isDiscourse(value: unknown): value is DiscourseState {
  const d = value as Partial<DiscourseState> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.version === 1 &&
    Array.isArray(d.trees) &&
    typeof d.nodes === 'object' &&
    d.nodes !== null &&
    typeof d.branches === 'object' &&
    d.branches !== null &&
    typeof d.rounds === 'number' &&
    typeof d.nextIds === 'object' &&
    d.nextIds !== null
  );
}

/** The forest in `value`, or null when it is not one (or not `conversationId`'s, if given). */
export function toTopicsSnapshot(value: unknown, conversationId?: string): TopicsSnapshot | null {
  const v = value as Partial<TopicsSnapshot> | null;
  if (typeof v !== 'object' || v === null) return null;
  if (typeof v.conversationId !== 'string' || !isDiscourse(v.discourse)) return null;
  if (conversationId !== undefined && v.conversationId !== conversationId) return null;
  const turns = typeof v.turns === 'object' && v.turns !== null ? v.turns : {};
  return { conversationId: v.conversationId, discourse: v.discourse, turns };
}

/** True while the forest has no tree and no routed reply (nothing worth saving). */
export function forestEmpty(topics: TopicsSnapshot): boolean {
  return topics.discourse.trees.length === 0 && Object.keys(topics.turns).length === 0;
}
