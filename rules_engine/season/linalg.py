"""The rating's linear algebra (Z10.4, Z10.8): a Cholesky factorisation and what it gives.

A is symmetric positive definite (the prior adds 1/τ² to its diagonal), so its Cholesky factor
exists and is numerically stable without pivoting. Rows are Python lists; inner products are
``sum(map(mul, ...))``, which runs its loop in C (``map`` stops at the shorter list, so a row
being built is multiplied by the earlier rows' first entries without slicing them).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from operator import mul
from typing import TypeAlias

__all__ = ["Solver", "posterior"]

#: Z10.4's solve: A (rows) and b in, μ and every sd out. The engine's own is :func:`posterior`;
#: a caller with compiled linear algebra may hand ``rate_players`` another (the app does).
Solver: TypeAlias = Callable[[list[list[float]], list[float]], tuple[list[float], list[float]]]


def _cholesky(a: list[list[float]]) -> list[list[float]]:
    """The rows of L (row i holds L[i][0..i]) with L Lᵀ = a."""
    lower: list[list[float]] = []
    for i, row_a in enumerate(a):
        row: list[float] = []
        for j in range(i):
            earlier = lower[j]
            row.append((row_a[j] - sum(map(mul, row, earlier))) / earlier[j])
        row.append(math.sqrt(row_a[i] - sum(map(mul, row, row))))
        lower.append(row)
    return lower


def posterior(a: list[list[float]], b: list[float]) -> tuple[list[float], list[float]]:
    """μ = A⁻¹ b and the square roots of A⁻¹'s diagonal, for a symmetric positive definite A.

    >>> mu, sd = posterior([[4.0, 2.0], [2.0, 3.0]], [2.0, 1.0])
    >>> [round(v, 12) for v in mu], [round(v * v, 12) for v in sd]
    ([0.5, 0.0], [0.375, 0.5])
    """
    n = len(a)
    lower = _cholesky(a)
    # z = L⁻¹ b, by forward substitution.
    z: list[float] = []
    for k in range(n):
        row = lower[k]
        z.append((b[k] - sum(map(mul, row, z))) / row[k])
    mu: list[float] = []
    sd: list[float] = []
    for j in range(n):
        # Column j of L⁻¹ (its entries j..n-1): solves L x = e_j.
        column = [1.0 / lower[j][j]]
        for k in range(j + 1, n):
            row = lower[k]
            column.append(-sum(map(mul, row[j:k], column)) / row[k])
        # A⁻¹ = L⁻ᵀ L⁻¹: μ_j = (column j of L⁻¹) · z, (A⁻¹)_jj = |column j|².
        mu.append(sum(map(mul, column, z[j:])))
        sd.append(math.sqrt(sum(map(mul, column, column))))
    return mu, sd
