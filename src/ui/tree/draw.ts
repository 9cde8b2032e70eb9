/**
 * Canvas rendering of a laid-out forest. Everything of one style is one path (edges per state,
 * nodes per state), nodes outside the viewport are skipped, and labels are placed greedily
 * without overlaps, so a 3,000-fact forest redraws well within a frame.
 */
import { parseLabel } from '../../engine/tree/label-format.ts';
import type { TreeOutline, NodeId } from '../../engine/types.ts';
import { FOREST_ROOT, type TreeLayout } from './layout.ts';
import { replacedFlags } from './replaced.ts';
import { VISUAL, VISUAL_NAMES, type VisualName } from './visuals.ts';

export interface ViewTransform {
  readonly k: number;
  readonly x: number;
  readonly y: number;
}

export const PALETTE: Readonly<Record<VisualName, { fill: string; edge: string; alpha: number }>> =
  {
    idle: { fill: '#8c96a3', edge: '#c5ccd4', alpha: 1 },
    visited: { fill: '#e8a200', edge: '#e8b84a', alpha: 1 },
    kept: { fill: '#2b8a3e', edge: '#51a865', alpha: 1 },
    pruned: { fill: '#c92a2a', edge: '#e08080', alpha: 0.55 },
    faded: { fill: '#b8bfc7', edge: '#dde1e5', alpha: 0.18 },
    selected: { fill: '#6741d9', edge: '#9775fa', alpha: 1 },
  };

export interface DrawInput {
  readonly ctx: CanvasRenderingContext2D;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly transform: ViewTransform;
  readonly layout: TreeLayout;
  readonly tree: TreeOutline | null;
  readonly codes: Uint8Array;
  readonly selected: number;
  readonly hovered: number;
  readonly current: number;
  readonly matches: ReadonlySet<NodeId>;
}

/** Node radius in layout units by level (facts smallest, the synthetic root largest). */
export function nodeRadius(level: number): number {
  return level < 0 ? 8 : level === 0 ? 3.2 : 4.5 + Math.min(level, 4);
}

const LABEL_FONT_PX = 11;
const MAX_LABELS = 90;
const MAX_LABEL_CHARS = 44;

export function drawForest(input: DrawInput): void {
  const { ctx, width, height, dpr, transform: t, layout, codes } = input;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (layout.nodes.length <= 1) return; // an empty forest: nothing but the synthetic root
  ctx.setTransform(dpr * t.k, 0, 0, dpr * t.k, dpr * t.x, dpr * t.y);
  const margin = 20 / t.k;
  const x0 = -t.x / t.k - margin;
  const y0 = -t.y / t.k - margin;
  const x1 = (width - t.x) / t.k + margin;
  const y1 = (height - t.y) / t.k + margin;
  const nodes = layout.nodes;
  const visible = new Uint8Array(nodes.length);
  nodes.forEach((n, i) => {
    visible[i] = n.x >= x0 && n.x <= x1 && n.y >= y0 && n.y <= y1 ? 1 : 0;
  });

  // Edges, one path per state of the child end.
  ctx.lineWidth = Math.max(0.6, 1 / t.k);
  for (const [code, name] of VISUAL_NAMES.entries()) {
    ctx.beginPath();
    let any = false;
    nodes.forEach((n, i) => {
      if (n.parent < 0 || codes[i] !== code) return;
      const p = nodes[n.parent];
      if (!p || (!visible[i] && !visible[n.parent])) return;
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(n.x, n.y);
      any = true;
    });
    if (!any) continue;
    ctx.globalAlpha = PALETTE[name].alpha;
    ctx.strokeStyle = PALETTE[name].edge;
    ctx.stroke();
  }

  // Glow under selected facts.
  ctx.globalAlpha = 0.28;
  ctx.fillStyle = PALETTE.selected.edge;
  ctx.beginPath();
  nodes.forEach((n, i) => {
    if (!visible[i] || codes[i] !== VISUAL.selected) return;
    const r = Math.max(nodeRadius(n.level) * 2.6, 5 / t.k);
    dot(ctx, n.x, n.y, r, t.k);
  });
  ctx.fill();

  // Nodes, one path per state; never smaller than 1.5 screen pixels.
  const minR = 1.5 / t.k;
  for (const [code, name] of VISUAL_NAMES.entries()) {
    ctx.beginPath();
    let any = false;
    nodes.forEach((n, i) => {
      if (!visible[i] || codes[i] !== code) return;
      const r = Math.max(minR, nodeRadius(n.level));
      dot(ctx, n.x, n.y, r, t.k);
      any = true;
    });
    if (!any) continue;
    ctx.globalAlpha = PALETTE[name].alpha;
    ctx.fillStyle = PALETTE[name].fill;
    ctx.fill();
  }
  ctx.globalAlpha = 1;

  // Replaced facts are hollow: a paper-coloured centre in their disc.
  const replaced = replacedFlags(layout, input.tree);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  nodes.forEach((n, i) => {
    if (!visible[i] || !replaced[i]) return;
    const r = Math.max(minR, nodeRadius(n.level)) * 0.5;
    dot(ctx, n.x, n.y, r, t.k);
  });
  ctx.fill();

  // Rings: collapsed nodes (dashed), search matches, the current event's node, the selection.
  ring(ctx, nodes, (n, i) => n.collapsed && visible[i] === 1, '#495057', 1.5 / t.k, t.k, [
    3 / t.k,
    2 / t.k,
  ]);
  ring(
    ctx,
    nodes,
    (n, i) => !!visible[i] && n.id !== FOREST_ROOT && input.matches.has(n.id),
    '#1c7ed6',
    2.5 / t.k,
    t.k,
  );
  ringAt(ctx, nodes, input.current, '#212529', 2 / t.k, t.k);
  ringAt(ctx, nodes, input.hovered, '#868e96', 1.5 / t.k, t.k);
  ringAt(ctx, nodes, input.selected, '#000000', 3 / t.k, t.k);

  drawLabels(input, visible);
}

/** A node's disc; a square below 2.5 screen pixels, where nobody can tell and it rasters far faster. */
function dot(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, k: number): void {
  if (r * k < 2.5) {
    ctx.rect(x - r, y - r, 2 * r, 2 * r);
    return;
  }
  ctx.moveTo(x + r, y);
  ctx.arc(x, y, r, 0, 2 * Math.PI);
}

function ring(
  ctx: CanvasRenderingContext2D,
  nodes: TreeLayout['nodes'],
  test: (n: TreeLayout['nodes'][number], i: number) => boolean,
  color: string,
  width: number,
  k: number,
  dash: number[] = [],
): void {
  ctx.beginPath();
  nodes.forEach((n, i) => {
    if (!test(n, i)) return;
    const r = Math.max(1.5 / k, nodeRadius(n.level)) + width * 1.2;
    ctx.moveTo(n.x + r, n.y);
    ctx.arc(n.x, n.y, r, 0, 2 * Math.PI);
  });
  ctx.setLineDash(dash);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.setLineDash([]);
}

function ringAt(
  ctx: CanvasRenderingContext2D,
  nodes: TreeLayout['nodes'],
  index: number,
  color: string,
  width: number,
  k: number,
): void {
  if (index < 0) return;
  ring(ctx, nodes, (_, i) => i === index, color, width, k);
}

/** Labels in screen space: important nodes first, skipped where they would overlap. */
function drawLabels(input: DrawInput, visible: Uint8Array): void {
  const { ctx, dpr, transform: t, layout, tree, codes } = input;
  const replaced = replacedFlags(layout, tree);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `${LABEL_FONT_PX}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  const priority = (i: number): number => {
    if (i === input.selected) return 100;
    if (i === input.hovered) return 90;
    if (i === input.current) return 80;
    const n = layout.nodes[i];
    if (!n) return -1;
    if (n.id !== FOREST_ROOT && input.matches.has(n.id)) return 70;
    const boost = codes[i] === VISUAL.kept || codes[i] === VISUAL.selected ? 10 : 0;
    // Facts only once zoomed in enough for their labels to be read (hanging ones need less room).
    if (n.level === 0) return t.k >= (layout.mode === 'tidy' ? 1 : 1.4) ? 5 + boost : -1;
    return n.level < 0 ? 1 : 20 + n.level + boost;
  };
  const candidates: number[] = [];
  layout.nodes.forEach((_, i) => {
    if (visible[i] && priority(i) >= 0) candidates.push(i);
  });
  candidates.sort((a, b) => priority(b) - priority(a));
  const placed: [number, number, number, number][] = [];
  let count = 0;
  for (const i of candidates) {
    if (count >= MAX_LABELS) break;
    const n = layout.nodes[i];
    if (!n) continue;
    const text = labelOf(tree, n.id, n.level);
    const w = ctx.measureText(text).width + 6;
    const h = LABEL_FONT_PX + 4;
    const px = n.x * t.k + t.x;
    const py = n.y * t.k + t.y;
    const gap = Math.max(nodeRadius(n.level) * t.k, 1.5) + 8;
    // Neighbouring facts of a tidy tree sit closer than a label is long: theirs hang downward.
    const hanging = layout.mode === 'tidy' && n.level === 0;
    const box: [number, number, number, number] = hanging
      ? [px - h / 2, py + gap - 4, px + h / 2, py + gap - 4 + w]
      : labelBoxBeside(px, py, gap, w, h, input.width);
    const forced = priority(i) >= 80;
    if (
      !forced &&
      placed.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])
    )
      continue;
    placed.push(box);
    count++;
    const struck = replaced[i] === 1;
    ctx.globalAlpha = codes[i] === VISUAL.faded ? 0.4 : struck ? 0.75 : 1;
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(box[0], box[1], box[2] - box[0], box[3] - box[1]);
    ctx.fillStyle = struck ? '#6a737d' : '#1f2328';
    ctx.strokeStyle = ctx.fillStyle;
    ctx.lineWidth = 1;
    if (hanging) {
      ctx.save();
      ctx.translate(px, box[1] + 3);
      ctx.rotate(Math.PI / 2);
      ctx.fillText(text, 0, 0);
      if (struck) strike(ctx, 0, 0, w - 6);
      ctx.restore();
    } else {
      ctx.fillText(text, box[0] + 3, py);
      if (struck) strike(ctx, box[0] + 3, py, w - 6);
    }
  }
  ctx.globalAlpha = 1;
}

/** A line through a label drawn at (x, y), middle baseline: a replaced fact's. */
function strike(ctx: CanvasRenderingContext2D, x: number, y: number, width: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y + 0.5);
  ctx.lineTo(x + width, y + 0.5);
  ctx.stroke();
}

/** A label right of its node, or left of it where the right side would leave the canvas. */
function labelBoxBeside(
  px: number,
  py: number,
  gap: number,
  w: number,
  h: number,
  width: number,
): [number, number, number, number] {
  const sx = px + gap + w > width && px - gap - w >= 0 ? px - gap - w : px + gap;
  return [sx - 2, py - h / 2, sx - 2 + w, py + h / 2];
}

/**
 * A node's label on the canvas, cut to fit: a keyword label shows its keywords only (the quoted
 * fact is in the tooltip, the outline and the panel).
 */
export function labelOf(tree: TreeOutline | null, id: string, level: number): string {
  if (id === FOREST_ROOT) return 'Memory forest';
  const full = tree?.nodes.get(id as NodeId)?.text ?? id;
  const keywords = level > 0 ? parseLabel(full)?.keywords : undefined;
  const text = keywords && keywords.length > 0 ? keywords.join(' · ') : full;
  const prefix = level > 0 ? `L${level} ` : '';
  return prefix + (text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text);
}
