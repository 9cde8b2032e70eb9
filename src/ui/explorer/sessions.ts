/** Session ids as shown in the explorer: "implexconv-0/S12" → "S12". */
export function shortSession(id: string): string {
  return id.replace(/^.*\//, '');
}
