"""The rating's posterior (SEASON.md Z10.4) by compiled linear algebra, which the app hands the
engine's ``rate_players``: the engine's own solve is standard-library Python (it also runs under
Pyodide), and its dense Cholesky grows with the cube of the players rated at once; LAPACK's, through
numpy, does a club's 300 players in a few milliseconds (``bench/rating.py``). Both are exact methods
(Z10.8): their μ and sd agree far within 1e-6 (``tests/season/test_rating.py``).
"""

from __future__ import annotations

import os

__all__ = ["posterior"]


def posterior(a: list[list[float]], b: list[float]) -> tuple[list[float], list[float]]:
    """μ = A⁻¹ b and the square roots of A⁻¹'s diagonal, for a symmetric positive definite A.

    A = L Lᵀ (Cholesky), so A⁻¹ = L⁻ᵀ L⁻¹: μ is L⁻ᵀ (L⁻¹ b), and (A⁻¹)_jj is the squared length
    of column j of L⁻¹.
    """
    # numpy on the first solve: a server's workers, and every process that builds the app, start
    # without it (most never rate anyone). One BLAS thread: the server's workers and threads
    # already share the cores, and OpenBLAS's own threads would wait on each other for a matrix
    # this small (the variable is read when numpy loads).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import numpy as np

    lower = np.linalg.cholesky(np.array(a, dtype=float))
    inverse_lower = np.linalg.inv(lower)
    mu = inverse_lower.T @ (inverse_lower @ np.array(b, dtype=float))
    sd = np.sqrt(np.einsum("ij,ij->j", inverse_lower, inverse_lower))
    return [float(value) for value in mu], [float(value) for value in sd]
