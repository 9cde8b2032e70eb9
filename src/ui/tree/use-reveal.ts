/**
 * Bringing a node into view on request ("Show in tree"): its collapsed ancestors are opened,
 * the canvas is centred on it, the node panel takes the focus (a screen reader reads the node
 * that was asked for) and the canvas is scrolled into view. `onRevealed` is called once done.
 */
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { TreeOutline, NodeId } from '../../engine/types.ts';
import type { TreeCanvasHandle } from './TreeCanvas.tsx';
import type { TreeLayout } from './layout.ts';
import { expandTo } from './reveal.ts';

export interface RevealRequest {
  readonly id: string;
  readonly seq: number;
}

interface Inputs {
  readonly reveal: RevealRequest | null | undefined;
  readonly tree: TreeOutline | null;
  readonly layout: TreeLayout;
  readonly setCollapsed: Dispatch<SetStateAction<ReadonlySet<string>>>;
  readonly canvas: RefObject<TreeCanvasHandle | null>;
  /** The canvas box, scrolled into view when cut. */
  readonly stage: RefObject<HTMLElement | null>;
  /** The node panel, focused. */
  readonly panel: RefObject<HTMLElement | null>;
  readonly onRevealed: ((seq: number) => void) | undefined;
}

export function useReveal(inputs: Inputs): void {
  const { tree, setCollapsed } = inputs;
  const reveal = inputs.reveal ?? null;
  // Opening the ancestors while rendering: the commit that handles the request has the node laid out.
  const [seen, setSeen] = useState<RevealRequest | null>(null);
  if (reveal !== seen) {
    setSeen(reveal);
    if (reveal && tree) setCollapsed((prev) => expandTo(tree, prev, reveal.id as NodeId));
  }

  const latest = useRef(inputs);
  useEffect(() => {
    latest.current = inputs;
  });
  useEffect(() => {
    if (!reveal) return;
    const { layout, canvas, stage, panel, onRevealed } = latest.current;
    const index = layout.index.get(reveal.id);
    if (index !== undefined) canvas.current?.centerOn(index);
    panel.current?.focus({ preventScroll: true });
    scrollIntoViewIfCut(stage.current);
    onRevealed?.(reveal.seq);
  }, [reveal]);
}

/** Scrolls the element to the top of the viewport unless it is already wholly in view. */
function scrollIntoViewIfCut(element: HTMLElement | null): void {
  if (!element) return;
  const { top, bottom } = element.getBoundingClientRect();
  if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: 'start' });
}
