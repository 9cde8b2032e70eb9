/**
 * The line under a memory that says where it came from, in human terms: "Preference · from
 * ‘Hi, I'm Sam…’, 27 Nov", the quote linked to its conversation (opening it in the chat).
 */
import { Fragment } from 'react';
import type { ConversationSummary } from '../../state/history-slice.ts';
import type { FactView } from '../../storage/memory-store.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { useNow } from '../chat/use-now.ts';
import { categoryWord, provenanceEntries, type ProvenanceEntry } from './fact-provenance.ts';

/** At most this many conversations are named; the rest are counted. */
const NAMED = 2;

/** Conversation titles by id, built once per list however many rows ask (a list of 200 facts). */
const titleMaps = new WeakMap<readonly ConversationSummary[], ReadonlyMap<string, string>>();
function titlesOf(list: readonly ConversationSummary[]): ReadonlyMap<string, string> {
  let titles = titleMaps.get(list);
  if (!titles) {
    titles = new Map(list.map((c) => [c.id, c.title]));
    titleMaps.set(list, titles);
  }
  return titles;
}

export function FactProvenance({ fact }: { fact: FactView }) {
  const titles = useGrove((s) => titlesOf(s.conversations));
  // Only the year matters to the date ("27 Nov" this year): an hourly tick is plenty.
  const now = useNow(3_600_000);
  const entries = provenanceEntries(fact.sources, titles, now);
  const named = entries.slice(0, NAMED);
  const more = entries.length - named.length;
  const category = categoryWord(fact.category);
  return (
    <p className="muted small fact-provenance" data-testid="fact-provenance">
      {category && <>{category} · </>}
      {entries.length === 0
        ? 'source unknown'
        : named.map((entry, i) => (
            <Fragment key={i}>
              {i > 0 && (i === named.length - 1 && more === 0 ? ' and ' : ', ')}
              <Source entry={entry} first={i === 0} />
            </Fragment>
          ))}
      {more > 0 && ` and ${more} more conversation${more === 1 ? '' : 's'}`}
    </p>
  );
}

function Source({ entry, first }: { entry: ProvenanceEntry; first: boolean }) {
  const { conversations } = useServices();
  const from = first ? 'from ' : '';
  const date = entry.date === null ? '' : `, ${entry.date}`;
  if (entry.quote === null) return <>{`${from}a past conversation${date}`}</>;
  const quote = `‘${entry.quote}’`;
  return (
    <>
      {from}
      {entry.conversationId === null ? (
        <span title={entry.full ?? undefined}>{quote}</span>
      ) : (
        <a
          href="#chat"
          title={entry.full ?? undefined}
          onClick={() => {
            if (entry.conversationId) void conversations.open(entry.conversationId);
          }}
        >
          {quote}
        </a>
      )}
      {entry.deleted && ' (conversation deleted)'}
      {date}
    </>
  );
}
