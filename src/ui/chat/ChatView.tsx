/**
 * The chat screen: conversation and composer, with session controls, the conversation list, the
 * topic forest and ingestion beside it.
 */
import { useState } from 'react';
import { isFinal } from '../../state/ingestion-slice.ts';
import { memoryEmpty } from '../../state/memory-slice.ts';
import { useGrove } from '../app-context.tsx';
import { FirstRunGuide } from '../layout/FirstRunGuide.tsx';
import { SidePanelToggle } from '../layout/SidePanelToggle.tsx';
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
  const conversationId = useGrove((s) => s.conversationId);
  const conversations = useGrove((s) => s.conversations.length);
  const remembering = useGrove((s) => s.ingestion.some((j) => !isFinal(j.stage)));
  // On a phone the side panels replace the chat until closed, or until another conversation opens.
  const [sideFor, setSideFor] = useState<{ conversation: string } | null>(null);
  const sideOpen = sideFor !== null && sideFor.conversation === conversationId;
  return (
    <div className={`chat-view${topicsOpen ? ' topics-open' : ''}${sideOpen ? ' side-open' : ''}`}>
      <SidePanelToggle
        open={sideOpen}
        controls="chat-side"
        conversations={conversations}
        remembering={remembering}
        onToggle={() => setSideFor(sideOpen ? null : { conversation: conversationId })}
      />
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
      <aside id="chat-side" className="chat-side" aria-label="Session and memory">
        <SessionPanel />
        <ConversationList />
        <TopicPanel />
        <IngestionProgress />
      </aside>
    </div>
  );
}
