/**
 * The chat screen: conversation and composer, with session controls, the conversation list, the
 * topic forest and ingestion beside it.
 */
import { memoryEmpty } from '../../state/memory-slice.ts';
import { useGrove } from '../app-context.tsx';
import { FirstRunGuide } from '../layout/FirstRunGuide.tsx';
import { Composer } from './Composer.tsx';
import { ConversationList } from './ConversationList.tsx';
import { IngestionProgress } from './IngestionProgress.tsx';
import { MessageList } from './MessageList.tsx';
import { SessionPanel } from './SessionPanel.tsx';
import { TopicPanel } from './TopicPanel.tsx';
import { WorkerNotice } from './WorkerNotice.tsx';
import './chat.css';

export function ChatView() {
  const firstRun = useGrove(
    (s) => !s.firstRunDismissed && s.messages.length === 0 && memoryEmpty(s),
  );
  const topicsOpen = useGrove((s) => s.topicPanelOpen);
  const noModel = useGrove((s) => s.testMode === null && s.runtime?.llm.status !== 'ready');
  return (
    <div className={`chat-view${topicsOpen ? ' topics-open' : ''}`}>
      <section className="conversation" aria-labelledby="chat-heading">
        <h2 id="chat-heading" className="visually-hidden">
          Chat
        </h2>
        {firstRun && <FirstRunGuide />}
        {noModel && !firstRun && (
          <p className="notice" data-testid="no-model-notice">
            No model loaded: Grove runs in no-LLM mode and answers from memory only.{' '}
            <a href="#settings">Load a model</a>
          </p>
        )}
        <WorkerNotice />
        <MessageList />
        <Composer />
      </section>
      <aside className="chat-side" aria-label="Session and memory">
        <SessionPanel />
        <ConversationList />
        <TopicPanel />
        <IngestionProgress />
      </aside>
    </div>
  );
}
