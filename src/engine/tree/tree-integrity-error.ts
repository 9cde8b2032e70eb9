/**
 * A memory tree whose references do not resolve (a missing node or fact, a cycle): a half-written
 * or corrupted tree. Rebuilding the tree repairs it.
 */
export class TreeIntegrityError extends Error {
  override readonly name = 'TreeIntegrityError';
}
