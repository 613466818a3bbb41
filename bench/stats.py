"""Statistics for the calibration benchmarks: rank correlation and mean error of two ratings."""

from __future__ import annotations

from collections.abc import Sequence


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties given the average of the ranks they span."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranked = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranked[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranked


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two equally long sequences (ties averaged)."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("need two sequences of the same length, at least 2")
    rx, ry = ranks(xs), ranks(ys)
    mean = (len(xs) + 1) / 2
    cov = sum((a - mean) * (b - mean) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mean) ** 2 for a in rx)
    vy = sum((b - mean) ** 2 for b in ry)
    if not vx or not vy:
        return 0.0
    return float(cov / (vx * vy) ** 0.5)


def mean_absolute_error(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The mean of |x - y| over two equally long, non-empty sequences."""
    if len(xs) != len(ys) or not xs:
        raise ValueError("need two non-empty sequences of the same length")
    return sum(abs(x - y) for x, y in zip(xs, ys, strict=True)) / len(xs)
