/**
 * `window.grove.treeView`: the mounted tree view's state for e2e specs and the fps benchmark
 * (the latest mounted view wins). Reads go through a ref, so the API always sees the last render.
 *
 *   grove.treeView.state()  → { nodes, facts, step, total, playing, counts, calls, tokens, draws, ... }
 *   grove.treeView.play() / pause() / seek(step) / setSpeed(x) / select(id) / search(text)
 *   grove.treeView.position(id) → where the node is drawn, in canvas pixels (null: not shown)
 */
import { useEffect, useRef, type RefObject } from 'react';
import { registerTestApi } from '../../app/test-api.ts';
import type { TreeOutline, NodeId } from '../../engine/types.ts';
import type { DrawStats, TreeCanvasHandle } from './TreeCanvas.tsx';
import type { TreeLayout } from './layout.ts';
import type { Replay } from './use-replay.ts';
import { VISUAL_NAMES, countVisuals } from './visuals.ts';

interface Inputs {
  readonly tree: TreeOutline | null;
  readonly layout: TreeLayout;
  readonly codes: Uint8Array;
  readonly replay: Replay;
  readonly matches: ReadonlySet<NodeId>;
  readonly stats: DrawStats;
  readonly selected: NodeId | null;
  readonly select: (id: NodeId | null) => void;
  readonly search: (text: string) => void;
  readonly canvas: RefObject<TreeCanvasHandle | null>;
}

function treeViewApi(latest: { readonly current: Inputs }) {
  return {
    state() {
      const { tree, layout, codes, replay, matches, stats } = latest.current;
      const { frame } = replay;
      return {
        nodes: layout.nodes.length - 1,
        facts: tree?.facts.size ?? 0,
        mode: layout.mode,
        step: frame.step,
        total: frame.total,
        playing: replay.playing,
        speed: replay.speed,
        done: frame.done,
        calls: frame.calls,
        tokens: frame.tokens,
        counts: countVisuals(codes),
        matches: matches.size,
        draws: stats.draws,
        drawMsMean: stats.draws > 0 ? stats.totalMs / stats.draws : 0,
        transform: latest.current.canvas.current?.transform() ?? null,
        selected: latest.current.selected,
      };
    },
    position(id: string) {
      const { layout, canvas } = latest.current;
      const node = layout.nodes[layout.index.get(id) ?? -1];
      const t = canvas.current?.transform();
      return node && t ? { x: node.x * t.k + t.x, y: node.y * t.k + t.y } : null;
    },
    /** Visual state of every laid-out node that is not idle, by node id. */
    nodeStates() {
      const { layout, codes } = latest.current;
      const out: Record<string, string> = {};
      layout.nodes.forEach((n, i) => {
        const name = VISUAL_NAMES[codes[i] ?? 0] ?? 'idle';
        if (name !== 'idle') out[n.id] = name;
      });
      return out;
    },
    play: () => latest.current.replay.play(),
    pause: () => latest.current.replay.pause(),
    seek: (step: number) => latest.current.replay.seek(step),
    setSpeed: (speed: number) => latest.current.replay.setSpeed(speed),
    select: (id: string | null) => latest.current.select(id as NodeId | null),
    search: (text: string) => latest.current.search(text),
    panBy: (dx: number, dy: number) => latest.current.canvas.current?.panBy(dx, dy),
    zoomBy: (factor: number) => latest.current.canvas.current?.zoomBy(factor),
    fit: () => latest.current.canvas.current?.fit(),
    resetDrawStats() {
      const { stats } = latest.current;
      stats.draws = 0;
      stats.totalMs = 0;
      stats.lastMs = 0;
    },
  };
}

/** `window.grove.treeView` (e2e test build only). */
export type TreeViewTestApi = ReturnType<typeof treeViewApi>;

declare module '../../app/test-api.ts' {
  interface GroveTestApi {
    treeView?: TreeViewTestApi;
  }
}

export function useTreeViewApi(inputs: Inputs): void {
  const latest = useRef(inputs);
  useEffect(() => {
    latest.current = inputs;
  });
  useEffect(() => {
    registerTestApi('treeView', treeViewApi(latest));
  }, []);
}
