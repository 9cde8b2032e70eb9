/**
 * The inspector's side of the tree link: an "Open in inspector" request scrolls to the fact's
 * row and focuses it, so keyboard and screen reader users land on it (Tab reaches its buttons).
 * A search that hides the fact is cleared first.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { LinkRequest } from '../../state/memory-link-slice.ts';
import { useGrove, useServices } from '../app-context.tsx';

interface Inputs {
  /** The list holding the rows (each row carries `data-fact-id`). */
  readonly list: RefObject<HTMLElement | null>;
  /** True when the current search hides the fact. */
  readonly hidden: (factId: string) => boolean;
  /** True while the fact's row is still on its way (read from the worker): the move waits. */
  readonly pending?: (factId: string) => boolean;
  readonly clearSearch: () => void;
}

export function useInspectorReveal({ list, hidden, pending, clearSearch }: Inputs): void {
  const { store } = useServices();
  const request = useGrove((s) => (s.linkRequest?.target === 'inspector' ? s.linkRequest : null));
  // Clearing the search while rendering: the commit that handles the request shows the row.
  const [seen, setSeen] = useState<LinkRequest | null>(null);
  if (request !== seen) {
    setSeen(request);
    if (request && hidden(request.id)) clearSearch();
  }
  const waiting = request !== null && (pending?.(request.id) ?? false);
  useEffect(() => {
    if (!request || waiting) return;
    const row = list.current?.querySelector<HTMLElement>(
      `[data-fact-id="${CSS.escape(request.id)}"]`,
    );
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
    store.getState().finishLinkRequest(request.seq);
  }, [request, waiting, list, store]);
}
