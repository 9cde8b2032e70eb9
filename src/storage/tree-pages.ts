/**
 * Which page a tree node or fact is stored in. IndexedDB pays per record, not per byte: in
 * Chromium, 36,000 node records took a minute to write and two seconds to read back, the same
 * nodes in 1,024 page records a second and a half and half a second (measured for issue 15). So
 * a version's nodes (and its facts) are spread over at most PAGE_COUNT records by a stable hash
 * of their id: a small tree has about one item a record, a heavy user's tens, and an incremental
 * write rewrites only the pages holding what it changed.
 *
 * PAGE_COUNT is part of the stored format: changing it needs a schema version that re-pages.
 */
export const PAGE_COUNT = 1024;

/** FNV-1a (32-bit) of the id, modulo PAGE_COUNT. */
export function pageOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PAGE_COUNT;
}

/** Items grouped by page, each page's items in the order given. */
export function byPage<T extends { readonly id: string }>(items: Iterable<T>): Map<number, T[]> {
  const pages = new Map<number, T[]>();
  for (const item of items) {
    const page = pageOf(item.id);
    const list = pages.get(page);
    if (list) list.push(item);
    else pages.set(page, [item]);
  }
  return pages;
}
