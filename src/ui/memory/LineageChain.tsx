/**
 * A fact's chain in the inspector: "Denver → Seattle, since May 2024", then each step with its
 * dates and a link to the conversation it was said in.
 */
import type { LineageStep } from '../../storage/fact-lifetime-view.ts';
import { useServices } from '../app-context.tsx';
import { chainLine, datesLine, saidOn, stepValue } from './lineage-label.ts';

export function LineageChain({ steps, factId }: { steps: readonly LineageStep[]; factId: string }) {
  const { conversations, store } = useServices();
  const open = (conversationId: string) => {
    store.getState().setView('chat');
    void conversations.open(conversationId);
  };
  return (
    <div className="lineage" data-testid="lineage">
      <p className="lineage-line">{chainLine(steps)}</p>
      <ol className="lineage-steps" aria-label={`How this memory changed: ${chainLine(steps)}`}>
        {steps.map((step) => (
          <li
            key={step.id}
            className={step.replaced ? 'lineage-step lineage-replaced' : 'lineage-step'}
            aria-current={step.id === factId ? 'true' : undefined}
            data-testid="lineage-step"
          >
            <span className="lineage-value" title={step.text}>
              {stepValue(step.text)}
            </span>{' '}
            <span className="muted small">
              {datesLine(step.validFrom, step.validTo, step.replaced)}
              {step.replaced ? ', replaced' : ''}
            </span>
            {step.conversationId !== null ? (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button small"
                  aria-label={`Open the conversation of: ${step.text}`}
                  onClick={() => open(step.conversationId as string)}
                >
                  {saidOn(step)}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
