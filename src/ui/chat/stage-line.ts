/** The line a waiting reply shows: "routing topic · searching memory 2/3 · writing". */
import type { TurnStage } from '../../state/chat-types.ts';

export function stageLine(stage: TurnStage): string {
  const parts: string[] = [];
  if (stage.routing) parts.push('routing topic');
  if (stage.searching)
    parts.push(
      stage.searching.steps > 0
        ? `searching memory ${stage.searching.step}/${stage.searching.steps}`
        : 'searching memory',
    );
  if (stage.writing) parts.push('writing');
  return parts.join(' · ');
}
