/**
 * The forest on a canvas: d3-zoom for wheel / drag / keyboard zoom and pan, click to select,
 * double-click to collapse or expand, hover for the full text. Redraws at most once a frame.
 */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { select } from 'd3-selection';
import { zoom as d3zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import type { TreeOutline, NodeId } from '../../engine/types.ts';
import { drawForest, labelOf, nodeRadius, type ViewTransform } from './draw.ts';
import { replacedFactOf } from './replaced.ts';
import {
  FOREST_ROOT,
  fitTransform,
  nearestNode,
  sameShape,
  TIDY_LABEL_ROOM,
  type TreeLayout,
} from './layout.ts';

export interface TreeCanvasHandle {
  zoomBy(factor: number): void;
  panBy(dx: number, dy: number): void;
  fit(): void;
  centerOn(index: number): void;
  transform(): ViewTransform;
}

export interface DrawStats {
  draws: number;
  lastMs: number;
  totalMs: number;
}

interface Props {
  readonly tree: TreeOutline | null;
  readonly layout: TreeLayout;
  readonly codes: Uint8Array;
  readonly selected: number;
  readonly current: number;
  readonly matches: ReadonlySet<NodeId>;
  readonly label: string;
  readonly onSelect: (index: number) => void;
  readonly onToggle: (index: number) => void;
  readonly stats?: DrawStats;
  readonly ref?: Ref<TreeCanvasHandle>;
}

export function TreeCanvas(props: Props) {
  const { layout, onSelect, onToggle, ref } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const transformRef = useRef<ViewTransform>({ k: 1, x: 0, y: 0 });
  const sizeRef = useRef({ width: 0, height: 0 });
  const propsRef = useRef(props);
  const frameRef = useRef(0);
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);
  const hoverIndex = hover?.index ?? -1;
  const hoverRef = useRef(-1);

  const draw = useCallback(() => {
    frameRef.current = 0;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const p = propsRef.current;
    const started = performance.now();
    drawForest({
      ctx,
      width: sizeRef.current.width,
      height: sizeRef.current.height,
      dpr: window.devicePixelRatio || 1,
      transform: transformRef.current,
      layout: p.layout,
      tree: p.tree,
      codes: p.codes,
      selected: p.selected,
      hovered: hoverRef.current,
      current: p.current,
      matches: p.matches,
    });
    if (p.stats) {
      const ms = performance.now() - started;
      p.stats.draws++;
      p.stats.lastMs = ms;
      p.stats.totalMs += ms;
    }
  }, []);

  const requestDraw = useCallback(() => {
    if (frameRef.current === 0) frameRef.current = requestAnimationFrame(draw);
  }, [draw]);

  // Every prop change (replay step, selection, search) is one redraw.
  useEffect(() => {
    propsRef.current = props;
    hoverRef.current = hoverIndex;
    requestDraw();
  });

  const apply = useCallback((t: ViewTransform) => {
    const canvas = canvasRef.current;
    const behaviour = zoomRef.current;
    if (!canvas || !behaviour) return;
    select(canvas).call(behaviour.transform, zoomIdentity.translate(t.x, t.y).scale(t.k));
  }, []);

  const fit = useCallback(() => {
    const { width, height } = sizeRef.current;
    const { layout } = propsRef.current;
    // A tidy tree's fact labels hang below the leaves: keep room for them (not on tiny canvases).
    const room = layout.mode === 'tidy' && height > 2.5 * TIDY_LABEL_ROOM ? TIDY_LABEL_ROOM : 0;
    if (width > 0 && height > 0) apply(fitTransform(layout.bounds, width, height, 40, room));
  }, [apply]);

  // A node to centre on once the canvas has a size (a reveal can come before the first resize).
  const pendingCenter = useRef(-1);
  const centerOn = useCallback(
    (index: number) => {
      const n = propsRef.current.layout.nodes[index];
      const { width, height } = sizeRef.current;
      if (!n) return;
      if (width === 0) {
        pendingCenter.current = index;
        return;
      }
      const k = Math.max(transformRef.current.k, 1.5);
      apply({ k, x: width / 2 - n.x * k, y: height / 2 - n.y * k });
    },
    [apply],
  );

  useImperativeHandle(
    ref,
    () => ({
      zoomBy: (factor) => {
        const canvas = canvasRef.current;
        if (canvas && zoomRef.current) select(canvas).call(zoomRef.current.scaleBy, factor);
      },
      panBy: (dx, dy) => {
        const canvas = canvasRef.current;
        const t = transformRef.current;
        if (canvas && zoomRef.current)
          select(canvas).call(zoomRef.current.translateBy, dx / t.k, dy / t.k);
      },
      fit,
      transform: () => transformRef.current,
      centerOn,
    }),
    [fit, centerOn],
  );

  // d3-zoom on the canvas, and the canvas sized to its box (device pixels).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const behaviour = d3zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([0.01, 12])
      .on('zoom', (event: { transform: ZoomTransform }) => {
        const { k, x, y } = event.transform;
        transformRef.current = { k, x, y };
        requestDraw();
      });
    zoomRef.current = behaviour;
    select(canvas).call(behaviour).on('dblclick.zoom', null);
    const observer = new ResizeObserver(() => {
      const dpr = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      const first = sizeRef.current.width === 0;
      sizeRef.current = { width, height };
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      if (first && pendingCenter.current >= 0) centerOn(pendingCenter.current);
      else if (first) fit();
      pendingCenter.current = -1;
      requestDraw();
    });
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      select(canvas).on('.zoom', null);
      if (frameRef.current) cancelAnimationFrame(frameRef.current);
      frameRef.current = 0;
    };
  }, [fit, centerOn, requestDraw]);

  // A new layout (new tree, collapse, layout mode) is fitted into view; one that places the same
  // nodes at the same points (new labels only) keeps the user's view and any gesture under way.
  const fittedLayout = useRef<TreeLayout | null>(null);
  useEffect(() => {
    const before = fittedLayout.current;
    fittedLayout.current = layout;
    if (before && sameShape(before, layout)) return;
    fit();
  }, [layout, fit]);

  const pick = (clientX: number, clientY: number): number => {
    const canvas = canvasRef.current;
    if (!canvas) return -1;
    const rect = canvas.getBoundingClientRect();
    const t = transformRef.current;
    const x = (clientX - rect.left - t.x) / t.k;
    const y = (clientY - rect.top - t.y) / t.k;
    return nearestNode(propsRef.current.layout, x, y, nodeRadius(1) + 6 / t.k);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const behaviour = zoomRef.current;
    if (!canvas || !behaviour) return;
    const step = 60 / transformRef.current.k;
    const actions: Record<string, () => void> = {
      '+': () => select(canvas).call(behaviour.scaleBy, 1.25),
      '=': () => select(canvas).call(behaviour.scaleBy, 1.25),
      '-': () => select(canvas).call(behaviour.scaleBy, 0.8),
      _: () => select(canvas).call(behaviour.scaleBy, 0.8),
      '0': fit,
      ArrowLeft: () => select(canvas).call(behaviour.translateBy, step, 0),
      ArrowRight: () => select(canvas).call(behaviour.translateBy, -step, 0),
      ArrowUp: () => select(canvas).call(behaviour.translateBy, 0, step),
      ArrowDown: () => select(canvas).call(behaviour.translateBy, 0, -step),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const hovered = hover ? layout.nodes[hover.index] : undefined;
  return (
    <div className="tree-canvas-box">
      <canvas
        ref={canvasRef}
        className="tree-canvas"
        role="img"
        aria-label={props.label}
        tabIndex={0}
        data-testid="tree-canvas"
        onKeyDown={onKeyDown}
        onClick={(e) => {
          const i = pick(e.clientX, e.clientY);
          if (i >= 0) onSelect(i);
        }}
        onDoubleClick={(e) => {
          const i = pick(e.clientX, e.clientY);
          if (i >= 0) onToggle(i);
        }}
        onMouseMove={(e) => {
          const i = pick(e.clientX, e.clientY);
          const rect = e.currentTarget.getBoundingClientRect();
          setHover(i >= 0 ? { index: i, x: e.clientX - rect.left, y: e.clientY - rect.top } : null);
        }}
        onMouseLeave={() => setHover(null)}
      />
      {hover && hovered && hovered.id !== FOREST_ROOT ? (
        <div
          className="tree-tooltip"
          style={{ left: hover.x + 12, top: hover.y + 12 }}
          aria-hidden="true"
        >
          {props.tree?.nodes.get(hovered.id)?.text ??
            labelOf(props.tree, hovered.id, hovered.level)}
          {replacedFactOf(props.tree, hovered.id) ? (
            <span className="tree-tooltip-sub">replaced by a newer memory</span>
          ) : null}
          {hovered.level > 0 ? (
            <span className="tree-tooltip-sub">
              {hovered.childCount} children · double-click to collapse
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
