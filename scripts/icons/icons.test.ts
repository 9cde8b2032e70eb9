import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_FILES, renderPixels } from './icon-files.ts';
import { CANVAS, SAFE_RADIUS, iconShapes, toSvg, treeShapes } from './icon-scene.ts';
import { decodePng, encodePng } from './png.ts';

const ICONS = join('public', 'icons');

/** Farthest point of a shape from the canvas centre. */
function reach(shape: ReturnType<typeof treeShapes>[number]): number {
  const c = CANVAS / 2;
  switch (shape.kind) {
    case 'circle':
      return Math.hypot(shape.cx - c, shape.cy - c) + shape.r;
    case 'capsule':
      return (
        Math.max(Math.hypot(shape.x1 - c, shape.y1 - c), Math.hypot(shape.x2 - c, shape.y2 - c)) +
        shape.r
      );
    case 'rect':
      return Infinity;
  }
}

describe('app icons', () => {
  it('PNG codec round-trips every filter', () => {
    const data = Uint8Array.from({ length: 7 * 5 * 4 }, (_, i) => (i * 37 + (i >> 3) * 11) & 0xff);
    const image = { width: 7, height: 5, data };
    expect(decodePng(encodePng(image))).toEqual(image);
  });

  it('the committed PNGs are exactly what the scene renders (regenerate: npm run build:icons)', () => {
    for (const file of ICON_FILES) {
      const committed = decodePng(readFileSync(join(ICONS, file.name)));
      expect([committed.width, committed.height], file.name).toEqual([file.size, file.size]);
      expect(Buffer.from(committed.data).equals(Buffer.from(renderPixels(file))), file.name).toBe(
        true,
      );
    }
    expect(readFileSync(join(ICONS, 'grove.svg'), 'utf8')).toBe(
      toSvg(iconShapes({ purpose: 'any' })),
    );
  });

  it('maskable icons are opaque to the edge and keep the tree inside the safe zone', () => {
    for (const shape of treeShapes()) expect(reach(shape)).toBeLessThanOrEqual(SAFE_RADIUS);
    const maskable = renderPixels({ name: 'm', size: 192, purpose: 'maskable' });
    const any = renderPixels({ name: 'a', size: 192, purpose: 'any' });
    expect(maskable[3]).toBe(255); // top-left corner
    expect(any[3]).toBe(0); // rounded away
  });

  it('the manifest lists every icon file with its size and purpose', () => {
    const manifest = JSON.parse(readFileSync(join('public', 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    for (const file of ICON_FILES) {
      expect(manifest.icons).toContainEqual({
        src: `icons/${file.name}`,
        sizes: `${file.size}x${file.size}`,
        type: 'image/png',
        purpose: file.purpose,
      });
    }
  });
});
