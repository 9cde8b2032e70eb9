/** TaciTree's settings (paper §5): average cluster size k and the most roots L. */
export const CLUSTER_SIZE = 6;
export const MAX_ROOTS = 15;
/** A leaf that grows past this many facts by insertion is split in two. */
export const MAX_LEAF_SIZE = 2 * CLUSTER_SIZE;
/** Facts at least this similar are the same fact: merged, keeping both provenances. */
export const DUPLICATE_COSINE = 0.9;
