/**
 * Beside the chat: the conversation's topic forest (Context-Agent), behind a toggle. Shows the
 * trees and branches, the active path, the switches, and a log of the rounds that changed topic
 * or branch. The memories each reply used stay under the reply, so both can be read together.
 */
import { useId, useMemo } from 'react';
import { useGrove, useServices } from '../app-context.tsx';
import { TopicForest } from './TopicForest.tsx';
import { decisionLog, layoutTopicForest } from './topic-layout.ts';
import './topics.css';

export function TopicPanel() {
  const { store } = useServices();
  const open = useGrove((s) => s.topicPanelOpen);
  const topics = useGrove((s) => s.topics);
  const conversationId = useGrove((s) => s.conversationId);
  const bodyId = useId();
  const headingId = useId();
  const current = topics.conversationId === conversationId;
  const trees = useMemo(
    () => (current ? layoutTopicForest(topics.discourse, topics.turns) : []),
    [current, topics],
  );
  const log = useMemo(
    () => (current ? decisionLog(topics.discourse, topics.turns) : []),
    [current, topics],
  );
  return (
    <section className="panel topic-panel" aria-labelledby={headingId} data-testid="topic-panel">
      <div className="topic-panel-head">
        <h2 id={headingId}>Topics</h2>
        <button
          type="button"
          className="secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => store.getState().setTopicPanelOpen(!open)}
        >
          {open ? 'Hide topic forest' : 'Show topic forest'}
        </button>
      </div>
      <div id={bodyId} hidden={!open}>
        {trees.length === 0 ? (
          <p className="muted small">
            No rounds yet. Each message is placed in a topic tree; the model sees only the active
            path and a summary of the rest.
          </p>
        ) : (
          <>
            <p className="muted small">
              {trees.length} topic{trees.length === 1 ? '' : 's'}. The highlighted path is what the
              model sees in full; dashed arrows show switches and new branches.
            </p>
            <TopicForest trees={trees} />
            {log.length > 0 && (
              <>
                <h3 className="topic-log-heading">Topic and branch changes</h3>
                <ol className="topic-log small" data-testid="topic-log">
                  {log.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ol>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
