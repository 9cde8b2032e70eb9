/**
 * Grove's app icon as a handful of shapes on a 512 × 512 canvas: a tree whose canopy holds a few
 * light "memories", on the app's dark green. One scene gives both the SVG (favicon) and the PNGs
 * (web app manifest), rasterised here with 4 × 4 supersampling, so the files are reproducible
 * without a browser or an image library.
 */

export type Shape =
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number }
  | {
      readonly kind: 'capsule';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly r: number;
    }
  | { readonly kind: 'rect'; readonly size: number; readonly radius: number };

export type Painted = Shape & { readonly color: string };

export const ICON_COLORS = {
  background: '#1d3b27',
  ground: '#3a7d4c',
  trunk: '#eadfc4',
  canopyBack: '#4f9a56',
  canopyFront: '#7cc476',
  memory: '#f1f8ee',
} as const;

export const CANVAS = 512;
/** Maskable icons keep everything within this radius of the centre (the "safe zone"). */
export const SAFE_RADIUS = 0.4 * CANVAS;

/** The tree, drawn back to front (moved up 8 units so it sits centred). */
export function treeShapes(): Painted[] {
  const c = ICON_COLORS;
  const dy = -8;
  const circle = (cx: number, cy: number, r: number, color: string): Painted => ({
    kind: 'circle',
    cx,
    cy: cy + dy,
    r,
    color,
  });
  const capsule = (
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    r: number,
    color: string,
  ): Painted => ({ kind: 'capsule', x1, y1: y1 + dy, x2, y2: y2 + dy, r, color });
  return [
    capsule(256, 414, 256, 250, 20, c.trunk),
    capsule(256, 358, 204, 290, 10, c.trunk),
    capsule(256, 342, 310, 284, 10, c.trunk),
    capsule(176, 424, 336, 424, 10, c.ground),
    circle(190, 232, 70, c.canopyBack),
    circle(322, 232, 70, c.canopyBack),
    circle(256, 178, 84, c.canopyFront),
    circle(222, 150, 11, c.memory),
    circle(292, 140, 8, c.memory),
    circle(262, 208, 9, c.memory),
    circle(170, 244, 9, c.memory),
    circle(336, 252, 10, c.memory),
  ];
}

export interface IconVariant {
  /** 'any': a rounded square, transparent corners; 'maskable': full bleed (the OS masks it). */
  readonly purpose: 'any' | 'maskable';
}

export function iconShapes(variant: IconVariant): Painted[] {
  const background: Painted = {
    kind: 'rect',
    size: CANVAS,
    radius: variant.purpose === 'any' ? 112 : 0,
    color: ICON_COLORS.background,
  };
  return [background, ...treeShapes()];
}

/** Signed distance from (x, y) to the shape's edge, in canvas units (negative inside). */
function distance(shape: Shape, x: number, y: number): number {
  switch (shape.kind) {
    case 'circle':
      return Math.hypot(x - shape.cx, y - shape.cy) - shape.r;
    case 'capsule': {
      const dx = shape.x2 - shape.x1;
      const dy = shape.y2 - shape.y1;
      const t = Math.max(
        0,
        Math.min(1, ((x - shape.x1) * dx + (y - shape.y1) * dy) / (dx * dx + dy * dy)),
      );
      return Math.hypot(x - (shape.x1 + t * dx), y - (shape.y1 + t * dy)) - shape.r;
    }
    case 'rect': {
      const half = shape.size / 2;
      const qx = Math.abs(x - half) - (half - shape.radius);
      const qy = Math.abs(y - half) - (half - shape.radius);
      const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
      return outside + Math.min(Math.max(qx, qy), 0) - shape.radius;
    }
  }
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** [minX, minY, maxX, maxY] of a shape, for a quick miss test. */
function bounds(shape: Shape): [number, number, number, number] {
  switch (shape.kind) {
    case 'circle':
      return [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r];
    case 'capsule':
      return [
        Math.min(shape.x1, shape.x2) - shape.r,
        Math.min(shape.y1, shape.y2) - shape.r,
        Math.max(shape.x1, shape.x2) + shape.r,
        Math.max(shape.y1, shape.y2) + shape.r,
      ];
    case 'rect':
      return [0, 0, shape.size, shape.size];
  }
}

/** Rasterises the shapes at size × size pixels, RGBA, 4 × 4 samples per pixel. */
export function rasterize(shapes: readonly Painted[], size: number): Uint8Array {
  const samples = 4;
  const scale = CANVAS / size;
  const colors = shapes.map((s) => rgb(s.color));
  const boxes = shapes.map(bounds);
  const data = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) * scale;
          const y = (py + (sy + 0.5) / samples) * scale;
          for (let i = shapes.length - 1; i >= 0; i--) {
            const [x0, y0, x1, y1] = boxes[i] as [number, number, number, number];
            if (x < x0 || x > x1 || y < y0 || y > y1) continue;
            if (distance(shapes[i] as Shape, x, y) <= 0) {
              const [cr, cg, cb] = colors[i] as [number, number, number];
              r += cr;
              g += cg;
              b += cb;
              a += 1;
              break;
            }
          }
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        data[o] = Math.round(r / a);
        data[o + 1] = Math.round(g / a);
        data[o + 2] = Math.round(b / a);
        data[o + 3] = Math.round((255 * a) / (samples * samples));
      }
    }
  }
  return data;
}

/** The same shapes as an SVG document (the favicon). */
export function toSvg(shapes: readonly Painted[]): string {
  const body = shapes.map((s) => {
    switch (s.kind) {
      case 'rect':
        return `<rect width="${s.size}" height="${s.size}" rx="${s.radius}" fill="${s.color}"/>`;
      case 'circle':
        return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.color}"/>`;
      case 'capsule':
        return (
          `<line x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}" stroke="${s.color}" ` +
          `stroke-width="${2 * s.r}" stroke-linecap="round"/>`
        );
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS} ${CANVAS}">\n` +
    body.map((line) => `  ${line}\n`).join('') +
    `</svg>\n`
  );
}
