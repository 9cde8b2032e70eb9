/**
 * The per-reply context line, in words a user understands (issue 23): where the exchange went
 * ("Continuing your earlier topic “Planning a trip to Japan…”") and how much of the conversation
 * the model saw ("2 of 7 earlier exchanges sent in full"). A task reply is written from the task
 * dialogue, not from the selected context, so its line names only where the exchange went. When
 * the model, after the reply, filed the exchange elsewhere than the routing that chose the
 * context, the line says so. The topic's number and the branch decision stay on the element as
 * data attributes (TopicLine.tsx), for the topic panel and tests, not in the text.
 */
import type { TreeId } from '../../engine/discourse/types.ts';
import type { TopicPlacement, TopicTurn } from '../../state/topics-slice.ts';

/** A topic's label: its first exchange's summary (undefined when unknown). */
export type TopicLabel = (treeId: TreeId) => string | undefined;

const LABEL_CHARS = 60;

function quoted(label: string | undefined): string {
  const text = label?.replace(/\s+/g, ' ').trim();
  if (!text) return '';
  const clipped =
    text.length <= LABEL_CHARS ? text : `${text.slice(0, LABEL_CHARS).replace(/\s+\S*$/, '')}…`;
  return ` “${clipped}”`;
}

/** Where an exchange went, as a phrase starting with a capital letter. */
function where(p: TopicPlacement, label: TopicLabel): string {
  if (p.topic === 'first' || p.topic === 'new-tree') return 'A new topic';
  const topic =
    p.topic === 'other-tree' ? `your earlier topic${quoted(label(p.treeId))}` : 'this topic';
  if (p.action === 'CREATE_BRANCH') return `Branching off from an earlier point in ${topic}`;
  if (p.action === 'SWITCH_BRANCH') return `Returning to an earlier thread of ${topic}`;
  return `Continuing ${topic}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function topicLineText(
  turn: TopicTurn,
  options: { task?: boolean; label?: TopicLabel } = {},
): string {
  const label = options.label ?? (() => undefined);
  // A task reply is not written from the routed context: only where its exchange went counts.
  if (options.task)
    return `Task exchange: ${lowerFirst(where(turn.placedElsewhere ?? turn, label))}`;
  const moved = turn.placedElsewhere
    ? ` (after the reply, the model filed it as: ${lowerFirst(where(turn.placedElsewhere, label))})`
    : '';
  const seen =
    turn.totalRounds === 0
      ? ''
      : ` · ${turn.pathRounds} of ${turn.totalRounds} earlier exchange${turn.totalRounds === 1 ? '' : 's'} sent in full`;
  return `${where(turn, label)}${moved}${seen}`;
}
