/** Ids unique across reloads (sessions are stored by id: a repeat would be refused). */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
