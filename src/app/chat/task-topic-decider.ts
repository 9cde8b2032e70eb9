/**
 * Topic decisions for a turn that answers the open task dialogue ("Nopa", "2", "Yes"): such a
 * turn belongs to the task's topic whatever its words are, so it stays in the active tree and
 * continues the active path, and neither an LLM call nor an embedding test decides it. The first
 * turn of a task is routed like any other turn.
 */
import type { DiscourseDecider } from '../../engine/discourse/index.ts';

export const TASK_DIALOGUE_REASON = 'the turn answers the open task dialogue';

export function taskDialogueDecider(base: Pick<DiscourseDecider, 'mode'>): DiscourseDecider {
  return {
    mode: base.mode,
    chooseTopic: ({ candidates }) =>
      Promise.resolve({
        treeId: candidates.find((c) => c.current)?.treeId ?? null,
        source: 'rule',
        reason: TASK_DIALOGUE_REASON,
      }),
    decideBranch: () =>
      Promise.resolve({ action: 'CONTINUE', source: 'rule', reason: TASK_DIALOGUE_REASON }),
  };
}
