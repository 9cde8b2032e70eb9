/** The PNG icons the web app manifest lists (public/manifest.webmanifest). */
import { iconShapes, rasterize } from './icon-scene.ts';
import { encodePng } from './png.ts';

export interface IconFile {
  readonly name: string;
  readonly size: number;
  readonly purpose: 'any' | 'maskable';
}

export const ICON_FILES: readonly IconFile[] = [
  { name: 'icon-192.png', size: 192, purpose: 'any' },
  { name: 'icon-512.png', size: 512, purpose: 'any' },
  { name: 'maskable-192.png', size: 192, purpose: 'maskable' },
  { name: 'maskable-512.png', size: 512, purpose: 'maskable' },
];

export function renderPixels(file: IconFile): Uint8Array {
  return rasterize(iconShapes({ purpose: file.purpose }), file.size);
}

export function renderIcon(file: IconFile): Buffer {
  return encodePng({ width: file.size, height: file.size, data: renderPixels(file) });
}
