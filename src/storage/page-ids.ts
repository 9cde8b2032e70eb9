/**
 * Which ids each page holds (tree-pages.ts), for a tree's nodes or its facts, kept with the live
 * tree: a write rewrites whole pages, and finding what else a touched page holds by hashing every
 * id of a heavy user's tree (66,000) cost more than the rest of the write. Layered over the last
 * write's (engine/layered-map.ts), so a write costs the pages it touches.
 */
import { LayeredMap } from '../engine/layered-map.ts';
import { pageOf } from './tree-pages.ts';

export type PageIds = ReadonlyMap<number, readonly string[]>;

/** The pages of `ids`, each page's ids in the order given. */
export function pageIdsOf(ids: Iterable<string>): PageIds {
  const pages = new Map<number, string[]>();
  for (const id of ids) {
    const page = pageOf(id);
    const list = pages.get(page);
    if (list) list.push(id);
    else pages.set(page, [id]);
  }
  return pages;
}

/** `pages` with `added` ids put on their pages and `removed` ones taken off (each id at most once). */
export function withPageChanges(
  pages: PageIds,
  added: Iterable<string>,
  removed: Iterable<string>,
): PageIds {
  const next = LayeredMap.edit(pages);
  const change = (id: string, keep: (ids: readonly string[]) => string[]) => {
    const page = pageOf(id);
    const ids = keep(next.get(page) ?? []);
    if (ids.length === 0) next.delete(page);
    else next.set(page, ids);
  };
  for (const id of removed) change(id, (ids) => ids.filter((other) => other !== id));
  for (const id of added) change(id, (ids) => (ids.includes(id) ? [...ids] : [...ids, id]));
  return next.freeze();
}
