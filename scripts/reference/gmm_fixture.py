#!/usr/bin/python3
"""Writes src/engine/cluster/fixtures/gmm-sklearn.json: Gaussian-blob data sets with
scikit-learn's GaussianMixture labels and mean log-likelihood, for gmm.test.ts.

Each case: a few well-separated blobs with random full (anisotropic) covariances, fixed numpy
seed, values rounded to 6 decimals (the fit uses the rounded values, so both sides see exactly
the same numbers). Fitted with covariance_type='full', init_params='k-means++' (Grove's
initialisation), reg_covar 1e-6, tol 1e-3, max_iter 100: scikit-learn's defaults otherwise.

Run: /usr/bin/python3 scripts/reference/gmm_fixture.py
"""

import json
import os

import numpy as np
import sklearn
from sklearn.mixture import GaussianMixture

OUT = os.path.join(os.path.dirname(__file__), "../../src/engine/cluster/fixtures/gmm-sklearn.json")


def blobs(rng, n, dim, components, spread):
    centres = rng.uniform(-spread, spread, size=(components, dim))
    sizes = rng.multinomial(n - 10 * components, np.ones(components) / components) + 10
    points, truth = [], []
    for c, size in enumerate(sizes):
        a = rng.normal(size=(dim, dim)) * 0.6
        cov = a @ a.T + 0.2 * np.eye(dim)
        points.append(rng.multivariate_normal(centres[c], cov, size=size))
        truth += [c] * size
    order = rng.permutation(n)
    return np.round(np.vstack(points)[order], 6), np.array(truth)[order]


def case(name, seed, n, dim, components, spread):
    rng = np.random.default_rng(seed)
    x, truth = blobs(rng, n, dim, components, spread)
    gm = GaussianMixture(components, covariance_type="full", init_params="k-means++", random_state=seed)
    labels = gm.fit_predict(x)
    return {
        "name": name,
        "components": components,
        "data": x.tolist(),
        "truth": truth.tolist(),
        "labels": labels.tolist(),
        "score": float(gm.score(x)),
        "iterations": int(gm.n_iter_),
        "converged": bool(gm.converged_),
    }


def main():
    fixture = {
        "generator": "scripts/reference/gmm_fixture.py",
        "sklearn": sklearn.__version__,
        "cases": [
            case("blobs-2d", 1, 240, 2, 4, 12.0),
            case("blobs-4d", 2, 300, 4, 5, 10.0),
            case("blobs-8d", 3, 400, 8, 6, 10.0),
        ],
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(fixture, f, separators=(",", ":"))
        f.write("\n")
    for c in fixture["cases"]:
        print(c["name"], "score", round(c["score"], 4), "iterations", c["iterations"])


if __name__ == "__main__":
    main()
