#!/usr/bin/python3
"""Reference tree build: umap-learn + scikit-learn GaussianMixture under Grove's policy.

The same policy as src/engine/cluster (policy.ts, hierarchy.ts):
  - K = 6 (average cluster size: floor(n / K) components), L = 15 (a level of <= L nodes is
    the roots);
  - a level of n >= 2 * 15 nodes: UMAP (15 neighbours, min_dist 0.1, 10 components, cosine,
    N_EPOCHS epochs, seeded), then GaussianMixture(full, k-means++ init, reg_covar 1e-6);
  - a smaller level: spherical GaussianMixture on the raw vectors;
  - a parent's vector is the normalised mean of its members' vectors.

Timing: the build runs twice on the same input. ms_total_cold is the first run (numba JIT
compilation included); ms_total, ms_umap and ms_gmm are the second (wall clock), cpu_ms_total
its CPU time (all threads; steadier than wall clock on a shared machine). umap-learn 0.5.3 re-creates
its SGD kernel with numba.njit inside every fit, so without help every fit recompiles it
(~0.85 s); we memoise that njit call so the timed run really excludes JIT compilation.

Usage:
  /usr/bin/python3 scripts/reference/tree_build_ref.py --input vectors.json [--seed 0]
  /usr/bin/python3 scripts/reference/tree_build_ref.py --n 2000 --dim 100 [--seed 0]
vectors.json is a list of vectors, or {"vectors": [...], "topics": [...]} (topics optional;
when present the output has ari_topics, the ARI of the level-1 clusters against them).
Prints one JSON object on stdout.
"""

import argparse
import json
import sys
import time
import warnings

import numpy as np

K = 6
L = 15
N_NEIGHBORS = 15
MIN_DIST = 0.1
N_COMPONENTS = 10
N_EPOCHS = 200
UMAP_MIN_POINTS = 2 * N_NEIGHBORS


def memoise_umap_jit():
    """Make umap.layouts compile its per-fit numba kernels once per process.

    Patched on the numba module after umap is imported, so only njit calls made at run time
    (umap.layouts' per-fit kernels) go through the memo; decorated functions are untouched.
    """
    import numba
    import umap  # noqa: F401

    njit = numba.njit
    cache = {}

    def memo_njit(*args, **kwargs):
        if len(args) != 1 or not callable(args[0]):
            return njit(*args, **kwargs)
        key = (args[0], tuple(sorted(kwargs.items())))
        if key not in cache:
            cache[key] = njit(args[0], **kwargs)
        return cache[key]

    numba.njit = memo_njit


def compact(labels):
    seen = {}
    return np.array([seen.setdefault(int(c), len(seen)) for c in labels]), len(seen)


def cluster_level(x, seed):
    import umap
    from sklearn.mixture import GaussianMixture

    n = len(x)
    m = max(1, n // K)
    if n < UMAP_MIN_POINTS or m == 1:
        t0 = time.perf_counter()
        gm = GaussianMixture(m, covariance_type="spherical", init_params="k-means++", random_state=seed)
        labels = gm.fit_predict(x)
        return compact(labels) + (0.0, (time.perf_counter() - t0) * 1000)
    t0 = time.perf_counter()
    reducer = umap.UMAP(
        n_neighbors=N_NEIGHBORS,
        min_dist=MIN_DIST,
        n_components=min(N_COMPONENTS, n - 2),
        metric="cosine",
        n_epochs=N_EPOCHS,
        random_state=seed,
    )
    reduced = reducer.fit_transform(x)
    t1 = time.perf_counter()
    gm = GaussianMixture(m, covariance_type="full", init_params="k-means++", random_state=seed)
    labels = gm.fit_predict(reduced)
    t2 = time.perf_counter()
    return compact(labels) + ((t1 - t0) * 1000, (t2 - t1) * 1000)


def build(vectors, seed):
    t0 = time.perf_counter()
    c0 = time.process_time()
    level = np.asarray(vectors, dtype=np.float32)
    nodes = [len(level)]
    ms_umap = ms_gmm = 0.0
    first_labels = None
    depth = 0
    while len(level) > L:
        labels, count, mu, mg = cluster_level(level, (seed * 1000 + depth) % (2**32))
        ms_umap += mu
        ms_gmm += mg
        if first_labels is None:
            first_labels = labels
        parents = np.zeros((count, level.shape[1]), dtype=np.float64)
        np.add.at(parents, labels, level.astype(np.float64))
        norms = np.linalg.norm(parents, axis=1, keepdims=True)
        level = (parents / np.where(norms == 0, 1, norms)).astype(np.float32)
        nodes.append(count)
        depth += 1
    total = (time.perf_counter() - t0) * 1000
    cpu = (time.process_time() - c0) * 1000
    stats = {"levels": len(nodes), "nodes": nodes, "ms_umap": ms_umap, "ms_gmm": ms_gmm, "ms_total": total}
    return {**stats, "cpu_ms_total": cpu}, first_labels


def synthetic(n, dim, seed):
    """The benchmark's recipe (scripts/bench/synthetic.ts) with numpy's generator."""
    rng = np.random.default_rng(seed)

    def unit(a):
        return a / np.linalg.norm(a, axis=-1, keepdims=True)

    n_topics = max(1, round(n / 10))
    n_themes = max(1, round(n_topics**0.5))
    common = unit(rng.normal(size=dim))
    themes = unit(rng.normal(size=(n_themes, dim)))
    topic_theme = rng.integers(0, n_themes, n_topics)
    topic_dirs = unit(themes[topic_theme] + 0.8 * unit(rng.normal(size=(n_topics, dim))))
    weights = 1 / (1 + np.arange(n_topics)) ** 0.7
    topics = rng.choice(n_topics, size=n, p=weights / weights.sum())
    x = unit(0.5 * common + topic_dirs[topics] + 0.9 * unit(rng.normal(size=(n, dim))))
    return x.tolist(), topics.tolist()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--input", help="JSON file: list of vectors or {vectors, topics}")
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")

    topics = None
    if args.input:
        with open(args.input, encoding="utf-8") as f:
            data = json.load(f)
        vectors = data["vectors"] if isinstance(data, dict) else data
        topics = data.get("topics") if isinstance(data, dict) else None
    else:
        vectors, topics = synthetic(args.n, args.dim, args.seed)

    t0 = time.perf_counter()
    memoise_umap_jit()  # imports umap: its import time is part of the cold run
    from sklearn.metrics import adjusted_rand_score

    cold, _ = build(vectors, args.seed)
    cold_total = (time.perf_counter() - t0) * 1000
    warm, first_labels = build(vectors, args.seed)
    out = {"n": len(vectors), "dim": len(vectors[0]) if vectors else 0, **warm}
    out["ms_total_cold"] = cold_total
    out["ms_total_cold_without_import"] = cold["ms_total"]
    if topics is not None and first_labels is not None:
        out["ari_topics"] = float(adjusted_rand_score(topics, first_labels))
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
